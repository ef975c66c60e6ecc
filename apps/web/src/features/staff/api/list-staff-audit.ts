import type { StaffAuditList } from '@comensal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toSearch } from '@/lib/search-params';
import { STAFF_LOAD_ERROR } from '../staff-errors';

/** `GET /api/staff/restaurants/:id/audit?cursor=`: staff actions, newest first, a page at a time. */
export function useStaffAudit(restaurantId: string) {
  return useInfiniteQuery({
    queryKey: ['staff', restaurantId, 'audit'] as const,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<StaffAuditList>(
        `/api/staff/restaurants/${encodeURIComponent(restaurantId)}/audit${toSearch({ cursor: pageParam })}`,
        { signal, logAs: STAFF_LOAD_ERROR },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
