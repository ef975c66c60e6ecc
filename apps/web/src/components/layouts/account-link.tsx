import { Link } from 'react-router';
import { href } from '../../config/paths';
import { useT } from '../../lib/i18n';
import { IconUser } from '../ui/icons';

export interface Account {
  displayName: string;
  isGuest: boolean;
}

/** The header's account entry: the profile for a session, "Sign in" otherwise. */
export function AccountLink({ account, tone }: { account: Account | null; tone: 'light' | 'dark' }) {
  const t = useT();
  const toneClasses = tone === 'dark' ? 'on-dark text-white hover:bg-white/15' : 'text-ink hover:bg-brand-50';
  const classes = `inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-3 font-semibold whitespace-nowrap ${toneClasses}`;
  if (!account) {
    return (
      <Link to={href('auth')} className={classes}>
        <IconUser />
        <span>{t('nav.signIn')}</span>
      </Link>
    );
  }
  return (
    <Link to={href('profile')} className={classes}>
      <IconUser />
      <span className="sr-only sm:not-sr-only">{account.displayName}</span>
      <span className="sr-only">{t('nav.profile')}</span>
    </Link>
  );
}
