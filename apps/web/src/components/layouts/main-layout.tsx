import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import type { Account } from './account-link';
import { AppHeader, type HeaderVariant } from './app-header';
import { BottomNav } from './bottom-nav';

/** How a page of the main layout is framed (set per route, docs/product.md#screens-and-routes). */
export interface PageChrome {
  header: HeaderVariant;
  footer: boolean;
  surface: 'cream' | 'white';
}

export const DEFAULT_CHROME: PageChrome = { header: 'default', footer: true, surface: 'cream' };

export function MainLayout({
  chrome,
  account,
  pendingInvitations,
  hasStaffLink = false,
  children,
}: {
  chrome: PageChrome;
  account: Account | null;
  /** Shown as a badge on the Invitations tab when above 0. */
  pendingInvitations?: number | undefined;
  /** The signed-in user works at a restaurant: the header links to the staff console. */
  hasStaffLink?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div
      className={`relative flex min-h-dvh flex-col ${chrome.surface === 'white' ? 'bg-white' : 'bg-cream'}`}
    >
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>
      <AppHeader variant={chrome.header} account={account} hasStaffLink={hasStaffLink} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      {chrome.footer ? <BottomNav pendingInvitations={pendingInvitations} /> : null}
    </div>
  );
}
