import type { StaffFunnel } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toSearch } from '@/lib/search-params';
import { STAFF_LOAD_ERROR } from '../staff-errors';

/** `GET /api/staff/restaurants/:id/funnel?date=`: distinct visitors per step of a local day (today when no date). */
export function useStaffFunnel(restaurantId: string, date: string | null) {
  return useQuery({
    queryKey: ['staff', restaurantId, 'funnel', date ?? 'today'] as const,
    queryFn: ({ signal }) =>
      apiRequest<StaffFunnel>(
        `/api/staff/restaurants/${encodeURIComponent(restaurantId)}/funnel${toSearch({ date })}`,
        { signal, logAs: STAFF_LOAD_ERROR },
      ),
  });
}
