import { StaffPaymentsPage } from '@/features/staff/components/staff-payments-page';
import { useStaffRestaurant } from '@/features/staff/staff-context';

/** `staff.payments`. */
export function Component() {
  const restaurant = useStaffRestaurant();
  return <StaffPaymentsPage key={restaurant.id} restaurant={restaurant} />;
}
