import type { Invitation } from '@comensal/contracts';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useAnswerInvitation } from '@/lib/answer-invitation';
import { fileUrl } from '@/lib/api-client';
import { type ErrorTable, fromErrorTable } from '@/lib/api-errors';
import { type MessageId, useLocale, useT } from '@/lib/i18n';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { type InvitationState, invitationState } from '@/features/invitations/invitation-state';

const STATE_LABELS: Readonly<Record<InvitationState, MessageId>> = {
  pending: 'invitation.state.pending',
  accepted: 'invitation.state.accepted',
  rejected: 'invitation.state.rejected',
  expired: 'invitation.state.expired',
};

const GENERIC: MessageId = 'invitation.error';

/** A failed answer → what the diner reads. */
const ANSWER_ERRORS: ErrorTable<MessageId> = {
  VALIDATION_FAILED: GENERIC,
  NOT_FOUND: GENERIC,
  UNAUTHENTICATED: GENERIC,
  FORBIDDEN: GENERIC,
  RATE_LIMITED: GENERIC,
  CONFLICT: GENERIC,
  TABLE_TAKEN: GENERIC,
  DELIVERY_OUT_OF_RANGE: GENERIC,
  RESERVATION_CLOSED: 'invitation.error.RESERVATION_CLOSED',
  CREATOR_CANNOT_LEAVE: GENERIC,
  ALREADY_INVITED: GENERIC,
  ALREADY_MEMBER: GENERIC,
  INVITATION_ANSWERED: 'invitation.error.INVITATION_ANSWERED',
  PRODUCT_UNAVAILABLE: GENERIC,
  OUT_OF_STOCK: GENERIC,
  NOT_ENOUGH_POINTS: GENERIC,
  POINTS_NOT_ACCEPTED: GENERIC,
  ORDER_PAID: GENERIC,
  NOTHING_DUE: GENERIC,
  ORDER_ALREADY_PAID: GENERIC,
  PAYMENT_TYPE_NOT_OFFERED: GENERIC,
  PENDING_PAYMENT_CLOSED: GENERIC,
  TRANSFER_DUPLICATE: GENERIC,
  PAYMENT_PROVIDER_UNAVAILABLE: GENERIC,
  BOOKING_TOO_FAR_AHEAD: GENERIC,
  PARTY_TOO_LARGE: GENERIC,
  RESERVATION_LIMIT: GENERIC,
  RESERVATION_OVERLAP: GENERIC,
  EMAIL_NOT_VERIFIED: 'invitation.error.EMAIL_NOT_VERIFIED',
  INVITATION_DAILY_LIMIT: GENERIC,
  SHARE_LINK_OFF: GENERIC,
  RESERVATION_FULL: 'reservation.error.RESERVATION_FULL',
  ASSISTANCE_NOT_YET: GENERIC,
  DISPLAY_NAME_INVALID: GENERIC,
  JOIN_REQUEST_ANSWERED: GENERIC,
  PAYLOAD_TOO_LARGE: GENERIC,
  UNSUPPORTED_MEDIA_TYPE: GENERIC,
  IDEMPOTENCY_KEY_IN_USE: GENERIC,
  IDEMPOTENCY_KEY_REUSED: GENERIC,
  REQUEST_TIMEOUT: GENERIC,
  URI_TOO_LONG: GENERIC,
  HEADERS_TOO_LARGE: GENERIC,
  CONFIRMATION_MISMATCH: GENERIC,
  LAST_OWNER: GENERIC,
  INTERNAL: GENERIC,
  NETWORK_ERROR: GENERIC,
  INVALID_RESPONSE: GENERIC,
  HTTP_ERROR: GENERIC,
};

function localDate(date: string, locale: Parameters<typeof formatDate>[1]): string {
  const [year, month, day] = date.split('-').map(Number);
  return formatDate(new Date(year ?? 2000, (month ?? 1) - 1, day ?? 1), locale);
}

/** One invitation: where, when, from whom, its state; pending ones are answered in place. */
export function InvitationRow({ invitation }: { invitation: Invitation }) {
  const t = useT();
  const { locale } = useLocale();
  const state = invitationState(invitation);
  const answer = useAnswerInvitation({
    onError: (error) => notify('error', fromErrorTable(ANSWER_ERRORS, error, GENERIC)),
    onSuccess: (answered) =>
      notify('success', answered.accepted ? 'invitation.accepted' : 'invitation.rejected'),
  });
  const answerWith = (accept: boolean) => answer.mutate({ invitationId: invitation.id, accept });
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
          <Button disabled={answer.isPending} onClick={() => answerWith(true)}>
            {t('invitation.accept')}
          </Button>
          <Button variant="secondary" disabled={answer.isPending} onClick={() => answerWith(false)}>
            {t('invitation.reject')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
