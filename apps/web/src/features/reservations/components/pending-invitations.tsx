import type { PendingInvitation } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { newIdempotencyKey, retryUnanswered } from '@/lib/idempotency';
import { notify } from '@/lib/toast';
import {
  pendingInvitationsKey,
  resendInvitation,
  revokeInvitation,
  usePendingInvitations,
} from '@/features/reservations/api/pending-invitations';
import { reservationErrorMessage } from '@/features/reservations/reservation-errors';

/**
 * The creator's list of people invited who have not answered, with "send again" and "withdraw"
 * (docs/product.md#unanswered-invitations). Nothing shows when nobody is waiting.
 */
export function PendingInvitations({ reservationId }: { reservationId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const query = usePendingInvitations(reservationId, true);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: pendingInvitationsKey(reservationId) });
  const resend = useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) => resendInvitation(id, key),
    retry: retryUnanswered,
    onSuccess: () => notify('success', 'reservation.pending.resent'),
    onError: (error) => notify('error', reservationErrorMessage(error)),
    onSettled: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeInvitation(id),
    onSuccess: () => notify('success', 'reservation.pending.revoked'),
    onError: (error) => notify('error', reservationErrorMessage(error)),
    onSettled: refresh,
  });
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  const busy = resend.isPending || revoke.isPending;
  const nameOf = (invitation: PendingInvitation) =>
    invitation.displayName ?? invitation.email ?? t('reservation.pending.companion');

  return (
    <section aria-labelledby="pending-invitations-title" className="flex flex-col gap-3">
      <h2 id="pending-invitations-title" className="text-xl font-bold">
        {t('reservation.pending.title', { count: items.length })}
      </h2>
      <ul className="flex flex-col gap-2" data-testid="pending-invitations">
        {items.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-white p-3"
          >
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold break-words">{nameOf(invitation)}</span>
              {invitation.displayName && invitation.email ? (
                <span className="text-sm break-all text-ink-muted">{invitation.email}</span>
              ) : null}
            </span>
            <Button
              variant="secondary"
              disabled={busy}
              aria-label={t('reservation.pending.resendFor', { name: nameOf(invitation) })}
              onClick={() => resend.mutate({ id: invitation.id, key: newIdempotencyKey() })}
            >
              {t('reservation.pending.resend')}
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              aria-label={t('reservation.pending.revokeFor', { name: nameOf(invitation) })}
              onClick={() => revoke.mutate(invitation.id)}
            >
              {t('reservation.pending.revoke')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
