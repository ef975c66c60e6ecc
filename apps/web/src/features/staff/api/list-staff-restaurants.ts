import type { StaffRestaurantList } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STAFF_LOAD_ERROR } from '../staff-errors';

/** `GET /api/staff/restaurants`: the restaurants the caller works at, with their role. */
export const staffRestaurantsQuery = (enabled = true) =>
  queryOptions({
    queryKey: ['staff', 'restaurants'] as const,
    queryFn: ({ signal }) =>
      apiRequest<StaffRestaurantList>('/api/staff/restaurants', { signal, logAs: STAFF_LOAD_ERROR }),
    enabled,
    staleTime: 60_000,
  });

export function useStaffRestaurants(enabled = true) {
  return useQuery(staffRestaurantsQuery(enabled));
}
