import type { CompanionList } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';
import { RESERVATION_LOAD_ERROR } from '@/features/reservations/reservation-errors';

export const companionsKey = [queryRoots.reservations, 'companions'] as const;

/**
 * `GET /api/companions`: people the diner shares a reservation with, to invite them again (there
 * is no search of other diners).
 */
export function useCompanions(enabled: boolean) {
  return useQuery({
    queryKey: companionsKey,
    queryFn: ({ signal }) =>
      apiRequest<CompanionList>('/api/companions', { signal, logAs: RESERVATION_LOAD_ERROR }),
    enabled,
  });
}
