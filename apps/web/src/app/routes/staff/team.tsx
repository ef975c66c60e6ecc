import { useAuth } from '@/app/session';
import { StaffTeamPage } from '@/features/staff/components/staff-team-page';
import { useStaffRestaurant } from '@/features/staff/staff-context';

/** `staff.team` (owners; the layout turns staff away). */
export function Component() {
  const restaurant = useStaffRestaurant();
  const auth = useAuth();
  return <StaffTeamPage key={restaurant.id} restaurant={restaurant} userId={auth?.user.id ?? ''} />;
}
