import type { RejectTransactionInput, StaffTransaction, StaffTransactionList } from '@comensal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STAFF_ACTION_ERROR, STAFF_LOAD_ERROR } from '../staff-errors';
import { staffBoardRootKey } from './get-staff-board';

export const staffTransactionsRootKey = (restaurantId: string) =>
  ['staff', restaurantId, 'transactions'] as const;

/** `GET /api/staff/restaurants/:id/transactions?status=pending`: Pago Móvil transfers and cash payments waiting for staff. */
export const staffTransactionsQuery = (restaurantId: string) =>
  queryOptions({
    queryKey: [...staffTransactionsRootKey(restaurantId), 'pending'] as const,
    queryFn: ({ signal }) =>
      apiRequest<StaffTransactionList>(
        `/api/staff/restaurants/${encodeURIComponent(restaurantId)}/transactions?status=pending`,
        { signal, logAs: STAFF_LOAD_ERROR },
      ),
  });

export function useStaffTransactions(restaurantId: string) {
  return useQuery(staffTransactionsQuery(restaurantId));
}

const transactionPath = (id: string) => `/api/staff/transactions/${encodeURIComponent(id)}`;

/** `POST /api/staff/transactions/:id/confirm`: the money arrived; its orders are paid. */
export function confirmTransaction(transactionId: string): Promise<StaffTransaction> {
  return apiRequest<StaffTransaction>(`${transactionPath(transactionId)}/confirm`, {
    method: 'POST',
    logAs: STAFF_ACTION_ERROR,
  });
}

/** `POST /api/staff/transactions/:id/reject`: it did not arrive; its orders are due again and the payer is told why. */
export function rejectTransaction(transactionId: string, reason: string): Promise<StaffTransaction> {
  return apiRequest<StaffTransaction>(`${transactionPath(transactionId)}/reject`, {
    method: 'POST',
    body: { reason } satisfies RejectTransactionInput,
    logAs: STAFF_ACTION_ERROR,
  });
}

/** A decision on a payment; the list and the board are read again either way. */
export function useDecideTransaction<A>(
  restaurantId: string,
  decide: (argument: A) => Promise<StaffTransaction>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffTransactionsRootKey(restaurantId) }),
        queryClient.invalidateQueries({ queryKey: staffBoardRootKey(restaurantId) }),
      ]),
  });
}
