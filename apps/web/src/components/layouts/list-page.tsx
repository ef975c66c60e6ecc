import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';

export interface ListPageTab {
  key: string;
  to: string;
  label: string;
}

/**
 * The shell shared by the two-tab list pages (favourites, reservations, invitations): the title,
 * the tabs as links (the current one marked by the router) and the list below.
 */
export function ListPage({
  title,
  tabs,
  children,
}: {
  title: string;
  tabs: ListPageTab[];
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">{title}</h1>
      <nav aria-label={t('common.sections')}>
        <ul className="flex gap-2">
          {tabs.map((tab) => (
            <li key={tab.key}>
              <NavLink
                to={tab.to}
                className="inline-flex min-h-11 items-center rounded-full border-2 border-line bg-white px-4 font-semibold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </section>
  );
}

/** The state of the query behind a list (a React Query result has these). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * What a list page shows under its tabs: placeholders while the list loads, the error with a way
 * to try again, the empty message with a way to find a restaurant, or the items.
 */
export function ListContent<T extends { id: string }>({
  query,
  items,
  errorTitle,
  emptyMessage,
  testId,
  renderItem,
}: {
  query: ListQuery;
  items: readonly T[];
  errorTitle: string;
  emptyMessage: string;
  testId: string;
  renderItem: (item: T) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <p className="sr-only">{t('common.loading')}</p>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState title={errorTitle} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-white p-6 text-center">
        <p className="text-lg font-semibold">{emptyMessage}</p>
        <Link to={href('home')} className={buttonClasses()}>
          {t('reservation.list.explore')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id}>{renderItem(item)}</li>
      ))}
    </ul>
  );
}
