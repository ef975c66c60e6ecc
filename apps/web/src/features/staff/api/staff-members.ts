import type { AddStaffMemberInput, StaffMember, StaffMemberList } from '@comensal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { STAFF_ACTION_ERROR, STAFF_LOAD_ERROR } from '../staff-errors';

const membersPath = (restaurantId: string) =>
  `/api/staff/restaurants/${encodeURIComponent(restaurantId)}/staff`;
const membersKey = (restaurantId: string) => ['staff', restaurantId, 'members'] as const;

/** `GET /api/staff/restaurants/:id/staff` (owners): who works here. */
export function useStaffMembers(restaurantId: string) {
  return useQuery({
    queryKey: membersKey(restaurantId),
    queryFn: ({ signal }) =>
      apiRequest<StaffMemberList>(membersPath(restaurantId), { signal, logAs: STAFF_LOAD_ERROR }),
  });
}

/** `POST /api/staff/restaurants/:id/staff` (owners): add someone with an account, by e-mail. */
export function useAddStaffMember(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddStaffMemberInput) =>
      apiRequest<StaffMember>(membersPath(restaurantId), {
        method: 'POST',
        body: input,
        idempotencyKey: newIdempotencyKey(),
        logAs: STAFF_ACTION_ERROR,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(restaurantId) }),
  });
}

/** `DELETE /api/staff/restaurants/:id/staff/:userId` (owners). */
export function useRemoveStaffMember(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<null>(`${membersPath(restaurantId)}/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
        logAs: STAFF_ACTION_ERROR,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey(restaurantId) }),
  });
}
