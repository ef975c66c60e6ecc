import type { StaffRestaurantList } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STAFF_LOAD_ERROR } from '../staff-errors';

/**
 * `GET /api/staff/restaurants`: the restaurants the caller works at, with their role. Keyed by the
 * signed-in user (null: not asked), so another account in the same tab never reads the last one's.
 */
export const staffRestaurantsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: ['staff', 'restaurants', userId] as const,
    queryFn: ({ signal }) =>
      apiRequest<StaffRestaurantList>('/api/staff/restaurants', { signal, logAs: STAFF_LOAD_ERROR }),
    enabled: userId !== null,
    staleTime: 60_000,
  });

export function useStaffRestaurants(userId: string | null) {
  return useQuery(staffRestaurantsQuery(userId));
}
