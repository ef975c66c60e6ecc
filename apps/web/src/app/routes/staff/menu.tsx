import { StaffMenuPage } from '@/features/staff/components/staff-menu-page';
import { useStaffRestaurant } from '@/features/staff/staff-context';

/** `staff.menu`. */
export function Component() {
  const restaurant = useStaffRestaurant();
  return <StaffMenuPage key={restaurant.id} restaurant={restaurant} />;
}
