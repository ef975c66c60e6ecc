import { ErrorRecordsPage } from '@/features/staff/components/error-records-page';
import { useStaffRestaurant } from '@/features/staff/staff-context';

/** `staff.errors` (staff and owners): the restaurant's error records. */
export function Component() {
  const restaurant = useStaffRestaurant();
  return <ErrorRecordsPage key={restaurant.id} restaurant={restaurant} />;
}
