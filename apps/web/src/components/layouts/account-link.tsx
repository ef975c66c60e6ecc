import { Link } from 'react-router';
import { href } from '@/config/paths';
import { fileUrl } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { Avatar } from '@/components/ui/avatar';
import { IconUser } from '@/components/ui/icons';

export interface Account {
  displayName: string;
  isGuest: boolean;
  /** The profile picture (`/files/...` or an absolute URL), or null for initials. */
  photoURL?: string | null;
}

/** The header's account entry: picture or initials and name for a session, "Sign in" otherwise. */
export function AccountLink({ account, tone }: { account: Account | null; tone: 'light' | 'dark' }) {
  const t = useT();
  const toneClasses = tone === 'dark' ? 'on-dark text-white hover:bg-white/15' : 'text-ink hover:bg-brand-50';
  const classes = `inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full px-2 font-semibold whitespace-nowrap sm:px-3 ${toneClasses}`;
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
      <Avatar name={account.displayName} src={account.photoURL ? fileUrl(account.photoURL) : null} />
      {/* Below 600 px the picture or initials stand alone; the name is still the link's text. */}
      <span className="sr-only sm:not-sr-only">
        <span className="block max-w-40 truncate">{account.displayName}</span>
      </span>
      <span className="sr-only">{t('nav.profile')}</span>
    </Link>
  );
}
