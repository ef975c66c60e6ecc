import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { buttonClasses } from '@/components/ui/button';

interface NotFoundProps {
  title?: string;
  message?: string;
  /** Extra actions under the link home. */
  children?: ReactNode;
  /** Heading level: the 404 page owns the `h1`; a "not found" inside a page may not. */
  headingLevel?: 1 | 2;
}

/** "Not found" with a way home; used by the 404 route and by pages whose item does not exist. */
export function NotFound({ title, message, children, headingLevel = 1 }: NotFoundProps) {
  const t = useT();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <Heading className="text-2xl font-bold">{title ?? t('notFound.title')}</Heading>
      <p className="text-lg text-ink-muted">{message ?? t('notFound.message')}</p>
      <Link to={href('home')} className={buttonClasses()}>
        {t('notFound.home')}
      </Link>
      {children}
    </section>
  );
}
