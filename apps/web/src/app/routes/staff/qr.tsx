import { TableQrPage } from '@/features/staff/components/table-qr-page';
import { useStaffRestaurant } from '@/features/staff/staff-context';

/** `staff.qr`. */
export function Component() {
  const restaurant = useStaffRestaurant();
  return <TableQrPage key={restaurant.id} restaurant={restaurant} />;
}
