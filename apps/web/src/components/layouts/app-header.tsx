import { Link } from 'react-router';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { Brand } from '@/components/ui/brand';
import { IconArrowLeft, IconStore } from '@/components/ui/icons';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { type Account, AccountLink } from './account-link';

/** The staff console's link, for users who work at a restaurant. */
function StaffLink({ tone }: { tone: 'light' | 'dark' }) {
  const t = useT();
  const toneClasses =
    tone === 'dark' ? 'on-dark text-white hover:bg-white/15' : 'text-brand-800 hover:bg-brand-50';
  return (
    <Link
      to={href('staff')}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2 font-semibold whitespace-nowrap sm:px-3 ${toneClasses}`}
    >
      <IconStore />
      <span className="sr-only md:not-sr-only">{t('staff.link')}</span>
    </Link>
  );
}

/** Language choice, the staff console (for staff) and account, at the header's end. */
function HeaderTools({
  tone,
  account,
  hasStaffLink,
}: {
  tone: 'light' | 'dark';
  account: Account | null;
  hasStaffLink: boolean;
}) {
  return (
    <div className="ml-auto flex items-center gap-2">
      <LanguageSwitcher tone={tone} />
      {hasStaffLink ? <StaffLink tone={tone} /> : null}
      <AccountLink account={account} tone={tone} />
    </div>
  );
}

export type HeaderVariant = 'home' | 'default' | 'transparent';

/** The main layout's header in its three forms (home, plain, transparent over a cover picture). */
export function AppHeader({
  variant,
  account,
  hasStaffLink = false,
}: {
  variant: HeaderVariant;
  account: Account | null;
  hasStaffLink?: boolean;
}) {
  const t = useT();

  if (variant === 'transparent') {
    return (
      // No dark bar across the picture: each control sits on its own dark pill, which keeps white
      // text at 5.7:1 or more over any picture, a white one included
      // (docs/decisions/0027-phone-layouts.md).
      <header className="absolute inset-x-0 top-0 z-20 text-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-3">
          <Link
            to={href('home')}
            className="on-dark inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-black/60 px-3 font-semibold hover:bg-black/75"
          >
            <IconArrowLeft />
            <span className="sr-only sm:not-sr-only">{t('nav.allRestaurants')}</span>
          </Link>
          <div className="ml-auto flex items-center gap-1 rounded-full bg-black/60">
            <LanguageSwitcher tone="dark" />
            {hasStaffLink ? <StaffLink tone="dark" /> : null}
            <AccountLink account={account} tone="dark" />
          </div>
        </div>
      </header>
    );
  }

  if (variant === 'home') {
    return (
      <header className="bg-brand-700 text-white">
        <div className="mx-auto max-w-5xl px-4 pt-4 pb-8">
          {/* on the narrowest phones the language and account go under the name, not off the screen */}
          <div className="flex flex-wrap items-center gap-2">
            <Link to={href('home')} className="on-dark rounded-lg">
              <Brand />
            </Link>
            <div className="ml-auto flex items-center gap-2">
              <LanguageSwitcher tone="dark" />
              {hasStaffLink ? <StaffLink tone="dark" /> : null}
              <AccountLink account={account} tone="dark" />
            </div>
          </div>
          <p className="mt-6 text-2xl font-bold sm:text-3xl">
            {account ? t('home.greeting', { name: account.displayName }) : t('home.greetingAnonymous')}
          </p>
          <p className="mt-1 text-lg text-brand-100">{t('home.tagline')}</p>
        </div>
      </header>
    );
  }

  return (
    <header className="sticky top-0 z-20 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-4">
        <Link to={href('home')} className="rounded-lg">
          <Brand size={32} isCompact />
        </Link>
        <HeaderTools tone="light" account={account} hasStaffLink={hasStaffLink} />
      </div>
    </header>
  );
}
