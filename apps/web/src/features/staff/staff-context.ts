import type { StaffRestaurant } from '@comensal/contracts';
import { useOutletContext } from 'react-router';

/** What the staff layout hands its pages: the restaurant chosen in the address, and every one of the caller's. */
export interface StaffContext {
  restaurant: StaffRestaurant | null;
  restaurants: ReadonlyArray<StaffRestaurant>;
}

export function useStaffContext(): StaffContext {
  return useOutletContext<StaffContext>();
}

/** The chosen restaurant (pages under `/staff/:restaurantId` only: the layout guarantees it). */
export function useStaffRestaurant(): StaffRestaurant {
  const { restaurant } = useStaffContext();
  if (!restaurant) throw new Error('useStaffRestaurant outside a restaurant page');
  return restaurant;
}
