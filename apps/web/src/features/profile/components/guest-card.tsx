import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';

/** A guest's profile: their guest name, and the way to keep what they did in a real account. */
export function GuestCard({ guestName }: { guestName: string }) {
  const t = useT();
  const back = { redirect: href('profile') };
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5">
      <div className="flex items-center gap-4">
        <Avatar name={guestName} src={null} size="lg" />
        <div className="min-w-0">
          <p className="text-2xl font-bold break-words">{guestName}</p>
          <p className="text-ink-muted">{t('profile.guest.status')}</p>
        </div>
      </div>
      <p className="text-lg">{t('profile.guest.keepData')}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={href('auth.register', null, back)} className={buttonClasses({ size: 'lg' })}>
          {t('profile.guest.register')}
        </Link>
        <Link
          to={href('auth.login', null, back)}
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}
        >
          {t('profile.guest.signIn')}
        </Link>
      </div>
    </div>
  );
}
