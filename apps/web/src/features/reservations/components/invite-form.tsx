import type { Companion, CreateInvitationInput } from '@comensal/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { trackHere } from '@/lib/analytics/track';
import { fileUrl } from '@/lib/api-client';
import { newIdempotencyKey, retryUnanswered } from '@/lib/idempotency';
import { type MessageId, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { createInvitation } from '@/features/reservations/api/create-invitation';
import { useCompanions } from '@/features/reservations/api/list-companions';
import { reservationErrorMessage } from '@/features/reservations/reservation-errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Invite by typing the whole e-mail, or (signed-in diners) by choosing one of the people they
 * already share a reservation with. There is no search of other diners
 * (docs/product.md#finding-whom-to-invite).
 */
export function InviteForm({
  reservationId,
  memberIds,
  canListCompanions,
}: {
  reservationId: string;
  /** Members of this reservation: companions among them are not offered again. */
  memberIds: readonly string[];
  canListCompanions: boolean;
}) {
  const t = useT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [errorId, setErrorId] = useState<MessageId | null>(null);
  const companions = useCompanions(canListCompanions);
  const invite = useMutation({
    // one key per "send": a retry after a lost answer is not a second invitation
    mutationFn: ({ invitee, key }: { invitee: CreateInvitationInput; key: string; companion?: Companion }) =>
      createInvitation(reservationId, invitee, key),
    retry: retryUnanswered,
    onMutate: () => setErrorId(null),
    onError: (error) => setErrorId(reservationErrorMessage(error)),
    onSuccess: (invitation, { companion }) => {
      trackHere({ name: 'invite' });
      if (companion) {
        notify('success', 'reservation.invite.sentTo', { name: companion.displayName });
      } else {
        notify('success', 'reservation.invite.sent', { email: invitation.email ?? '' });
        setEmail('');
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setErrorId('reservation.invite.invalidEmail');
      return;
    }
    invite.mutate({ invitee: { email: address }, key: newIdempotencyKey() });
  };

  const offered = (companions.data?.items ?? []).filter((companion) => !memberIds.includes(companion.id));

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('reservation.invite.title')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          label={t('reservation.invite.email')}
          hint={t('reservation.invite.emailHint')}
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          error={errorId ? t(errorId) : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? t('common.loading') : t('reservation.invite.send')}
        </Button>
      </form>
      {canListCompanions && companions.data ? (
        <section aria-labelledby={`${id}-companions`} className="flex flex-col gap-3">
          <h3 id={`${id}-companions`} className="font-semibold">
            {t('reservation.invite.companions')}
          </h3>
          {offered.length === 0 ? (
            <p className="text-ink-muted">{t('reservation.invite.noCompanions')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {offered.map((companion) => (
                <li
                  key={companion.id}
                  className="flex items-center gap-3 rounded-xl border border-line bg-white p-2"
                >
                  <Avatar
                    name={companion.displayName}
                    src={companion.photoURL ? fileUrl(companion.photoURL) : null}
                  />
                  <span className="min-w-0 flex-1 truncate font-semibold">{companion.displayName}</span>
                  <Button
                    variant="secondary"
                    disabled={invite.isPending}
                    onClick={() =>
                      invite.mutate({
                        invitee: { userId: companion.id },
                        key: newIdempotencyKey(),
                        companion,
                      })
                    }
                    aria-label={t('reservation.invite.inviteUser', { name: companion.displayName })}
                  >
                    {t('reservation.action.invite')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </section>
  );
}
