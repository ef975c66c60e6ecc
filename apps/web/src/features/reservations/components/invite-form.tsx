import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { fileUrl } from '@/lib/api-client';
import { newIdempotencyKey, retryUnanswered } from '@/lib/idempotency';
import { type MessageId, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { createInvitation } from '@/features/reservations/api/create-invitation';
import { useUserSearch } from '@/features/reservations/api/list-users';
import { reservationErrorMessage } from '@/features/reservations/reservation-errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite by e-mail, or (signed-in diners) by picking someone from the diner list. */
export function InviteForm({
  reservationId,
  canSearchUsers,
}: {
  reservationId: string;
  canSearchUsers: boolean;
}) {
  const t = useT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [errorId, setErrorId] = useState<MessageId | null>(null);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const users = useUserSearch(deferredSearch, canSearchUsers);
  const invite = useMutation({
    // one key per "send": a retry after a lost answer is not a second invitation
    mutationFn: ({ address, key }: { address: string; key: string }) =>
      createInvitation(reservationId, address, key),
    retry: retryUnanswered,
    onMutate: () => setErrorId(null),
    onError: (error) => setErrorId(reservationErrorMessage(error)),
    onSuccess: (invitation) => {
      notify('success', 'reservation.invite.sent', { email: invitation.email });
      setEmail('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setErrorId('reservation.invite.invalidEmail');
      return;
    }
    invite.mutate({ address, key: newIdempotencyKey() });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('reservation.invite.title')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          label={t('reservation.invite.email')}
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
      {canSearchUsers ? (
        <div className="flex flex-col gap-3">
          <TextField
            label={t('reservation.invite.search')}
            hint={t('reservation.invite.searchHint')}
            type="search"
            name="user-search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {deferredSearch && users.data ? (
            users.data.items.length === 0 ? (
              <p className="text-ink-muted">{t('reservation.invite.noResults')}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {users.data.items.map((user) => (
                  <li
                    key={user.email}
                    className="flex items-center gap-3 rounded-xl border border-line bg-white p-2"
                  >
                    <Avatar name={user.displayName} src={user.photoURL ? fileUrl(user.photoURL) : null} />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-semibold">{user.displayName}</span>
                      <span className="truncate text-sm text-ink-muted">{user.email}</span>
                    </span>
                    <Button
                      variant="secondary"
                      disabled={invite.isPending}
                      onClick={() => invite.mutate({ address: user.email, key: newIdempotencyKey() })}
                      aria-label={t('reservation.invite.inviteUser', { name: user.displayName })}
                    >
                      {t('reservation.action.invite')}
                    </Button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
