import type { JoinRequest, JoinRequestList, Reservation, TableLookup } from '@comensal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryUnanswered } from '@/lib/idempotency';
import { queryRoots } from '@/lib/answer-invitation';
import { TABLE_LINK_ERROR } from '@/features/table-join/table-join-errors';

// Table links (docs/product.md#table-links): the table of a QR link, a walk-in there, and the
// requests to join the table's current reservation.

export const tableLookupKey = (restaurantId: string, table: string, room: string | null) =>
  ['table-lookup', restaurantId, table, room ?? ''] as const;
export const joinRequestsKey = (reservationId: string) => ['join-requests', reservationId] as const;

/** `GET /api/restaurants/:id/tables/lookup?table=&room=` (a session): the table, its current reservation, a walk-in. */
export function tableLookupQueryOptions(restaurantId: string, table: string, room: string | null) {
  return queryOptions({
    queryKey: tableLookupKey(restaurantId, table, room),
    queryFn: ({ signal }) =>
      apiRequest<TableLookup>(`/api/restaurants/${encodeURIComponent(restaurantId)}/tables/lookup`, {
        query: { table, ...(room !== null && { room }) },
        signal,
        logAs: TABLE_LINK_ERROR,
      }),
  });
}

export function useTableLookup(restaurantId: string, table: string, room: string | null, enabled: boolean) {
  return useQuery({ ...tableLookupQueryOptions(restaurantId, table, room), enabled });
}

/**
 * `POST /api/restaurants/:id/walk-ins`: a table reservation of the caller starting now.
 * `key`: one per tap, the same on its retries (lib/idempotency.ts).
 */
export function useStartWalkIn(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...input }: { roomId: string; tableId: string; quantity: number; key: string }) =>
      apiRequest<Reservation>(`/api/restaurants/${encodeURIComponent(restaurantId)}/walk-ins`, {
        method: 'POST',
        body: input,
        idempotencyKey: key,
        logAs: TABLE_LINK_ERROR,
      }),
    retry: retryUnanswered,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [queryRoots.reservations] }),
  });
}

const lookupRoot = ['table-lookup'] as const;

/**
 * `POST /api/reservations/:id/join-requests`: ask the members to let the caller in (the pending
 * one again while it waits). `key`: one per tap, the same on its retries.
 */
export function useAskToJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reservationId, key }: { reservationId: string; key: string }) =>
      apiRequest<JoinRequest>(`/api/reservations/${encodeURIComponent(reservationId)}/join-requests`, {
        method: 'POST',
        idempotencyKey: key,
        logAs: TABLE_LINK_ERROR,
      }),
    retry: retryUnanswered,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lookupRoot }),
  });
}

/** `DELETE /api/join-requests/:id`: the requester withdraws. */
export function useWithdrawJoinRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (joinRequestId: string) =>
      apiRequest<JoinRequest>(`/api/join-requests/${encodeURIComponent(joinRequestId)}`, {
        method: 'DELETE',
        logAs: TABLE_LINK_ERROR,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: lookupRoot }),
  });
}

/**
 * Forget every table lookup and the diner's reservations (a join request was answered: the
 * caller may be a member now, with a reservation to order for).
 */
export function useRefreshTableLookups() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: lookupRoot });
    void queryClient.invalidateQueries({ queryKey: [queryRoots.reservations] });
  };
}

/**
 * The diner was let in to `reservationId`: every cached lookup of its table says so at once, as the
 * server would (a member, no request). Written by hand, so the answer survives a lookup cut short
 * when the card unmounts (a cancelled fetch goes back to the last data set by hand, not to "waiting").
 */
export function useMarkLetIn() {
  const queryClient = useQueryClient();
  return (reservationId: string) =>
    queryClient.setQueriesData<TableLookup>({ queryKey: lookupRoot }, (old) =>
      old?.reservation?.id === reservationId
        ? { ...old, reservation: { ...old.reservation, isMember: true, joinRequest: null } }
        : old,
    );
}

/** `GET /api/reservations/:id/join-requests` (members): the pending requests, oldest first. */
export function useJoinRequests(reservationId: string, enabled: boolean) {
  return useQuery({
    queryKey: joinRequestsKey(reservationId),
    queryFn: ({ signal }) =>
      apiRequest<JoinRequestList>(`/api/reservations/${encodeURIComponent(reservationId)}/join-requests`, {
        signal,
        logAs: TABLE_LINK_ERROR,
      }),
    enabled,
  });
}

/** `POST /api/join-requests/:id/accept` or `/reject` (any member). */
export function useAnswerJoinRequest(reservationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ joinRequestId, accept }: { joinRequestId: string; accept: boolean }) =>
      apiRequest<JoinRequest>(
        `/api/join-requests/${encodeURIComponent(joinRequestId)}/${accept ? 'accept' : 'reject'}`,
        { method: 'POST', logAs: TABLE_LINK_ERROR },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: joinRequestsKey(reservationId) });
      void queryClient.invalidateQueries({ queryKey: [queryRoots.reservations] });
    },
  });
}
