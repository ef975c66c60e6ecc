import type { ErrorReportKind, ErrorReportList } from '@comensal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toSearch } from '@/lib/search-params';
import { STAFF_LOAD_ERROR } from '../staff-errors';

export interface StaffErrorFilters {
  kind: ErrorReportKind | null;
  /** Local dates (YYYY-MM-DD), both days included; null for no bound. */
  from: string | null;
  to: string | null;
}

/** The instant a local date starts in this browser (`to` is the day after the last one). */
export function startOfLocalDay(date: string, plusDays = 0): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + plusDays).toISOString();
}

/** `GET /api/staff/errors?restaurantId=&kind=&from=&to=&cursor=`: the restaurant's error records, newest first. */
export function useStaffErrors(restaurantId: string, filters: StaffErrorFilters) {
  return useInfiniteQuery({
    queryKey: ['staff', restaurantId, 'errors', filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<ErrorReportList>(
        `/api/staff/errors${toSearch({
          restaurantId,
          kind: filters.kind,
          from: filters.from === null ? null : startOfLocalDay(filters.from),
          to: filters.to === null ? null : startOfLocalDay(filters.to, 1),
          cursor: pageParam,
        })}`,
        { signal, logAs: STAFF_LOAD_ERROR },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
