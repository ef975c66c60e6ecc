import { useQueryClient } from '@tanstack/react-query';
import { ListContent, ListPage } from '@/components/layouts/list-page';
import { href } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useLiveTopic } from '@/lib/live';
import { invitationListsKey, useInvitations } from '@/features/invitations/api/list-invitations';
import { invitationState } from '@/features/invitations/invitation-state';
import { InvitationRow } from './invitation-row';
import { NewInvitationsDialog } from './new-invitations-dialog';

export type InvitationListType = 'current' | 'historial';

const TABS = [
  { type: 'current', route: 'invitations.current', labelId: 'tab.invitations.current' },
  { type: 'historial', route: 'invitations.historial', labelId: 'tab.invitations.historial' },
] as const;

/** `/invitations/current` and `/invitations/historial`: answer in place; live. */
export function InvitationsPage({ type }: { type: InvitationListType }) {
  const t = useT();
  const title = t(type === 'current' ? 'page.invitations.current.title' : 'page.invitations.historial.title');
  useDocumentTitle(title);
  const queryClient = useQueryClient();
  const current = useInvitations('current');
  const history = useInvitations('history');
  const query = type === 'current' ? current : history;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: invitationListsKey });
  useLiveTopic('user:me:invitations', refresh, { onResync: refresh });
  const pending = current.data?.items.filter(
    (invitation) => invitationState(invitation) === 'pending',
  ).length;
  const items = query.data?.items ?? [];

  return (
    <ListPage
      title={title}
      tabs={TABS.map((tab) => ({ key: tab.type, to: href(tab.route), label: t(tab.labelId) }))}
    >
      <NewInvitationsDialog pending={pending} />
      <ListContent
        query={query}
        items={items}
        errorTitle={t('invitation.list.error')}
        emptyMessage={t(
          type === 'current' ? 'invitation.list.empty.current' : 'invitation.list.empty.historial',
        )}
        testId="invitation-list"
        renderItem={(invitation) => <InvitationRow invitation={invitation} />}
      />
    </ListPage>
  );
}
