import { Outlet, useParams } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useAuth } from '@/app/session';
import { useLeafHandle } from '@/app/route-handle';
import type { RouteName } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useStaffRestaurants } from '@/features/staff/api/list-staff-restaurants';
import { NoAccess } from '@/features/staff/components/no-access';
import { StaffShell } from '@/features/staff/components/staff-shell';
import type { StaffContext } from '@/features/staff/staff-context';

type StaffPage = Extract<RouteName, `staff.${string}`>;
const OWNER_PAGES: ReadonlySet<RouteName> = new Set(['staff.team', 'staff.audit']);

/**
 * `/staff/*` (its own layout, its own chunks). The guard sends visitors without a session to sign
 * in; a guest or a diner who works nowhere sees "no access", never the console; so does staff at
 * a restaurant that is not theirs, and staff (not owners) at the owners' pages.
 */
export function Component() {
  const t = useT();
  const auth = useAuth();
  const { restaurantId } = useParams();
  const name = useLeafHandle()?.name ?? null;
  const page = name && name !== 'staff' && name.startsWith('staff.') ? (name as StaffPage) : null;
  const isUser = auth?.kind === 'user';
  const query = useStaffRestaurants(isUser ? auth.user.id : null);
  useDocumentTitle(t('staff.title'));

  const restaurants = query.data?.items ?? [];
  const current = restaurantId ? (restaurants.find((entry) => entry.id === restaurantId) ?? null) : null;

  let content;
  if (!auth) content = null;
  else if (!isUser) content = <NoAccess isGuest />;
  else if (query.isPending) content = <LoadingBlock />;
  else if (query.isError) {
    content =
      isApiError(query.error) && (query.error.status === 403 || query.error.status === 404) ? (
        <NoAccess />
      ) : (
        <ErrorState
          title={t('staff.error.load')}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      );
  } else if (restaurants.length === 0 || (restaurantId && !current)) content = <NoAccess />;
  else if (page && OWNER_PAGES.has(page) && current?.role !== 'owner') content = <NoAccess />;
  else content = <Outlet context={{ restaurant: current, restaurants } satisfies StaffContext} />;

  return (
    <StaffShell restaurants={restaurants} current={current} page={page}>
      {content}
    </StaffShell>
  );
}
