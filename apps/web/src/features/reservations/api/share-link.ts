import type { Reservation, ShareLink } from '@comensal/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryRoots } from '@/lib/answer-invitation';
import { RESERVATION_LOAD_ERROR } from '@/features/reservations/reservation-errors';

/** The address parameter that carries the share link's key (docs/product.md#share-link). */
export const SHARE_KEY_PARAM = 'key';

export const shareLinkKey = (id: string) => [queryRoots.reservations, 'share-link', id] as const;

const path = (id: string) => `/api/reservations/${encodeURIComponent(id)}/share-link`;

/** `GET /api/reservations/:id/share-link` (the creator): the key, null when the link is off. */
export function useShareLink(id: string, enabled: boolean) {
  return useQuery({
    queryKey: shareLinkKey(id),
    queryFn: ({ signal }) => apiRequest<ShareLink>(path(id), { signal, logAs: RESERVATION_LOAD_ERROR }),
    enabled,
  });
}

/** `PUT …/share-link`: a new key; the old link stops working. */
export const renewShareLink = (id: string) => apiRequest<ShareLink>(path(id), { method: 'PUT' });

/** `DELETE …/share-link`: nobody joins with the link any more. */
export const turnOffShareLink = (id: string) => apiRequest<ShareLink>(path(id), { method: 'DELETE' });

/** `POST …/share-link/join`: the holder of the key joins (guest or user). */
export function joinByShareLink(id: string, key: string, idempotencyKey: string): Promise<Reservation> {
  return apiRequest<Reservation>(`${path(id)}/join`, { method: 'POST', body: { key }, idempotencyKey });
}
