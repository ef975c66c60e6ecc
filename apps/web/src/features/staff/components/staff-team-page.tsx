import type { StaffRestaurant } from '@comensal/contracts';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '@/components/errors/error-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingBlock } from '@/components/ui/loading-block';
import { TextField } from '@/components/ui/text-field';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useAddStaffMember, useRemoveStaffMember, useStaffMembers } from '../api/staff-members';
import { staffErrorMessage } from '../staff-errors';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `staff.team` (owners): who works here; add by e-mail, remove. */
export function StaffTeamPage({ restaurant, userId }: { restaurant: StaffRestaurant; userId: string }) {
  const t = useT();
  const members = useStaffMembers(restaurant.id);
  const add = useAddStaffMember(restaurant.id);
  const remove = useRemoveStaffMember(restaurant.id);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  useDocumentTitle(`${t('staff.nav.team')} · ${restaurant.name}`);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value) || value.length > 254) {
      setEmailError(t('staff.team.emailInvalid'));
      return;
    }
    setEmailError(undefined);
    add.mutate(
      { email: value },
      {
        onSuccess: (member) => {
          setEmail('');
          notify('success', 'staff.team.added', { name: member.displayName });
        },
      },
    );
  };

  return (
    <section aria-labelledby="staff-team" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 id="staff-team" className="text-2xl font-bold">
        {t('staff.team.title')}
      </h1>
      <form
        noValidate
        onSubmit={onAdd}
        className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
      >
        <TextField
          label={t('staff.team.email')}
          hint={t('staff.team.emailHint')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError ?? (add.isError ? t(staffErrorMessage(add.error)) : undefined)}
        />
        <Button type="submit" disabled={add.isPending} className="self-start">
          {t('staff.team.add')}
        </Button>
      </form>
      {remove.isError ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold">
          {t(staffErrorMessage(remove.error))}
        </p>
      ) : null}
      {members.isPending ? (
        <LoadingBlock />
      ) : members.isError ? (
        <ErrorState
          title={t('staff.error.load')}
          onRetry={() => void members.refetch()}
          isRetrying={members.isFetching}
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {members.data.items.map((member) => {
            const isMe = member.userId === userId;
            return (
              <li
                key={member.userId}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-white p-4"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {member.displayName}{' '}
                    {isMe ? <span className="text-ink-muted">{t('staff.team.you')}</span> : null}
                  </p>
                  <p className="truncate text-ink-muted">{member.email}</p>
                </div>
                <div className="flex items-center gap-2">
                  <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
                    {t(member.role === 'owner' ? 'staff.role.owner' : 'staff.role.staff')}
                  </span>
                  {!isMe ? (
                    <ConfirmDialog
                      trigger={
                        <Button variant="secondary" disabled={remove.isPending}>
                          {t('staff.team.remove', { name: member.displayName })}
                        </Button>
                      }
                      title={t('staff.team.remove', { name: member.displayName })}
                      description={t('staff.team.removeConfirm', { name: member.displayName })}
                      confirmLabel={t('staff.team.remove', { name: member.displayName })}
                      isPending={remove.isPending}
                      onConfirm={() =>
                        remove.mutate(member.userId, {
                          onSuccess: () =>
                            notify('success', 'staff.team.removed', { name: member.displayName }),
                        })
                      }
                    />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
