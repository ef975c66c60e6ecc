import type { Invitation } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { href } from '@/config/paths';
import { fileUrl, isApiError } from '@/lib/api-client';
import { type MessageId, useLocale, useT } from '@/lib/i18n';
import { formatDate } from '@/lib/format';
import { logFailure } from '@/lib/log';
import { notify } from '@/lib/toast';
import { answerInvitation } from '@/features/invitations/api/answer-invitation';
import { INVITATION_ANSWER_ERROR, invitationKeys } from '@/features/invitations/api/invitation-keys';
import { type InvitationState, invitationState } from '@/features/invitations/invitation-state';

const STATE_LABELS: Readonly<Record<InvitationState, MessageId>> = {
  pending: 'invitation.state.pending',
  accepted: 'invitation.state.accepted',
  rejected: 'invitation.state.rejected',
  expired: 'invitation.state.expired',
};

function answerErrorId(error: unknown): MessageId {
  if (isApiError(error) && error.code === 'INVITATION_ANSWERED')
    return 'invitation.error.INVITATION_ANSWERED';
  if (isApiError(error) && error.code === 'RESERVATION_CLOSED') return 'invitation.error.RESERVATION_CLOSED';
  return 'invitation.error';
}

function localDate(date: string, locale: Parameters<typeof formatDate>[1]): string {
  const [year, month, day] = date.split('-').map(Number);
  return formatDate(new Date(year ?? 2000, (month ?? 1) - 1, day ?? 1), locale);
}

/** One invitation: where, when, from whom, its state; pending ones are answered in place. */
export function InvitationRow({ invitation }: { invitation: Invitation }) {
  const t = useT();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const state = invitationState(invitation);
  const answer = useMutation({
    mutationFn: (accept: boolean) => answerInvitation(invitation.id, accept),
    onError: (error) => {
      logFailure(INVITATION_ANSWER_ERROR, error);
      notify('error', answerErrorId(error));
    },
    onSuccess: (answered) => {
      notify('success', answered.accepted ? 'invitation.accepted' : 'invitation.rejected');
      void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['reservations'] });
    },
  });
  const params = { restaurantId: invitation.restaurantId, reservationId: invitation.reservationId };
  return (
    <article className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4 shadow-sm">
      <h2 className="text-lg font-bold">
        <Link
          to={href(
            state === 'accepted' ? 'restaurant.reservation.summary' : 'restaurant.reservation.invitation',
            params,
          )}
          className="underline-offset-4 hover:underline"
        >
          {invitation.restaurant.name}
        </Link>
      </h2>
      <p>
        {localDate(invitation.reservation.date, locale)} · {invitation.reservation.startAt}
      </p>
      {invitation.invitedBy ? (
        <p className="flex items-center gap-2 text-ink-muted">
          <Avatar
            name={invitation.invitedBy.displayName}
            src={invitation.invitedBy.photoURL ? fileUrl(invitation.invitedBy.photoURL) : null}
          />
          {t('invitation.list.from', { name: invitation.invitedBy.displayName })}
        </p>
      ) : null}
      <p className="text-sm font-semibold">{t(STATE_LABELS[state])}</p>
      {state === 'pending' ? (
        <div className="flex flex-wrap gap-2">
          <Button disabled={answer.isPending} onClick={() => answer.mutate(true)}>
            {t('invitation.accept')}
          </Button>
          <Button variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate(false)}>
            {t('invitation.reject')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
