import type { StaffTableQrList } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STAFF_LOAD_ERROR } from '../staff-errors';

/** `GET /api/staff/restaurants/:id/tables/qr`: each table with the restaurant link that seats a diner at it. */
export function useTableQrCodes(restaurantId: string) {
  return useQuery({
    queryKey: ['staff', restaurantId, 'tables-qr'] as const,
    queryFn: ({ signal }) =>
      apiRequest<StaffTableQrList>(`/api/staff/restaurants/${encodeURIComponent(restaurantId)}/tables/qr`, {
        signal,
        logAs: STAFF_LOAD_ERROR,
      }),
  });
}
