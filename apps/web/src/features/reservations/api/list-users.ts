import type { UserList } from '@comensal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { reservationKeys, logged } from './reservation-keys';

export function useUserSearch(q: string, enabled: boolean) {
  return useQuery({
    queryKey: reservationKeys.users(q),
    queryFn: ({ signal }) =>
      logged(apiGet<UserList>('/api/users', { query: { q, limit: 10 }, signal }), signal),
    enabled: enabled && q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
