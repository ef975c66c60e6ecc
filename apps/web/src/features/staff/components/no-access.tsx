import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';

/** A diner (or a guest) at `/staff`, or staff at another restaurant's page: no console, a clear way back. */
export function NoAccess({ isGuest = false }: { isGuest?: boolean }) {
  const t = useT();
  return (
    <section
      aria-labelledby="staff-no-access"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center"
    >
      <h1 id="staff-no-access" className="text-2xl font-bold">
        {t('staff.noAccess.title')}
      </h1>
      <p className="text-ink-muted">{t(isGuest ? 'staff.noAccess.guest' : 'staff.noAccess.body')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {isGuest ? (
          <Link to={href('auth', null, { redirect: href('staff') })} className={buttonClasses()}>
            {t('nav.signIn')}
          </Link>
        ) : null}
        <Link to={href('home')} className={buttonClasses({ variant: isGuest ? 'secondary' : 'primary' })}>
          {t('staff.backToApp')}
        </Link>
      </div>
    </section>
  );
}
