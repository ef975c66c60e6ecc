import { StaffFunnelPage } from '@/features/staff/components/staff-funnel-page';
import { useStaffRestaurant } from '@/features/staff/staff-context';

/** `staff.funnel` (staff and owners): the day's funnel of visits. */
export function Component() {
  const restaurant = useStaffRestaurant();
  return <StaffFunnelPage key={restaurant.id} restaurant={restaurant} />;
}
