import { ListContent, ListPage } from '@/components/layouts/list-page';
import { href } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useInvitations } from '@/features/invitations/api/list-invitations';
import { InvitationRow } from './invitation-row';

export type InvitationListType = 'current' | 'historial';

const TABS = [
  { type: 'current', route: 'invitations.current', labelId: 'tab.invitations.current' },
  { type: 'historial', route: 'invitations.historial', labelId: 'tab.invitations.historial' },
] as const;

/**
 * `/invitations/current` and `/invitations/historial`: answer in place; live (the main layout
 * listens to the diner's invitations and shows the "new invitation" modal on every page).
 */
export function InvitationsPage({ type }: { type: InvitationListType }) {
  const t = useT();
  const title = t(type === 'current' ? 'page.invitations.current.title' : 'page.invitations.historial.title');
  useDocumentTitle(title);
  const query = useInvitations(type === 'current' ? 'current' : 'history');
  const items = query.data?.items ?? [];

  return (
    <ListPage
      title={title}
      tabs={TABS.map((tab) => ({ key: tab.type, to: href(tab.route), label: t(tab.labelId) }))}
    >
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
