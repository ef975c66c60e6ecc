import type { StaffBoard } from '@comensal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toSearch } from '@/lib/search-params';
import { STAFF_LOAD_ERROR } from '../staff-errors';

export const staffBoardRootKey = (restaurantId: string) => ['staff', restaurantId, 'board'] as const;

/** `GET /api/staff/restaurants/:id/board?date=`: the day's reservations with their orders and totals (today when no date). */
export const staffBoardQuery = (restaurantId: string, date: string | null) =>
  queryOptions({
    queryKey: [...staffBoardRootKey(restaurantId), date ?? 'today'] as const,
    queryFn: ({ signal }) =>
      apiRequest<StaffBoard>(
        `/api/staff/restaurants/${encodeURIComponent(restaurantId)}/board${toSearch({ date })}`,
        { signal, logAs: STAFF_LOAD_ERROR },
      ),
  });

export function useStaffBoard(restaurantId: string, date: string | null) {
  return useQuery(staffBoardQuery(restaurantId, date));
}
