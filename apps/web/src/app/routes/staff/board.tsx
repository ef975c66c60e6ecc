import { StaffBoardPage } from '@/features/staff/components/staff-board-page';
import { useStaffRestaurant } from '@/features/staff/staff-context';

/** `staff.board`. */
export function Component() {
  const restaurant = useStaffRestaurant();
  return <StaffBoardPage key={restaurant.id} restaurant={restaurant} />;
}
