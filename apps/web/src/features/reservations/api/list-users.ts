import type { UserList } from '@comensal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';
import { RESERVATION_LOAD_ERROR } from '@/features/reservations/reservation-errors';

export const userSearchKey = (q: string) => [queryRoots.reservations, 'users', q] as const;

/** `GET /api/users?q=…`: people to invite, by name or e-mail. */
export function useUserSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: userSearchKey(q),
    queryFn: ({ signal }) =>
      apiRequest<UserList>('/api/users', { query: { q, limit: 10 }, signal, logAs: RESERVATION_LOAD_ERROR }),
    enabled: enabled && q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
