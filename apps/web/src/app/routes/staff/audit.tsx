import { StaffAuditPage } from '@/features/staff/components/staff-audit-page';
import { useStaffRestaurant } from '@/features/staff/staff-context';

/** `staff.audit` (owners; the layout turns staff away). */
export function Component() {
  const restaurant = useStaffRestaurant();
  return <StaffAuditPage key={restaurant.id} restaurant={restaurant} />;
}
