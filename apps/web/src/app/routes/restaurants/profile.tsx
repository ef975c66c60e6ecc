import { useParams } from 'react-router';
import { RestaurantProfile } from '../../../features/restaurants/components/restaurant-profile';

export function Component() {
  const { restaurantId = '' } = useParams();
  return <RestaurantProfile key={restaurantId} restaurantId={restaurantId} />;
}
