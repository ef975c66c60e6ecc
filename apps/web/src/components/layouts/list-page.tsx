import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
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
