import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { href } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { reportAnError } from '@/lib/report-error';
import { Button, buttonClasses } from '@/components/ui/button';
import { NotFound } from './not-found';

/** What a route threw, as the message of its error record. */
function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `Route answered ${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message || error.name;
  return 'A screen failed to draw';
}

/**
 * The error boundary around every route (the root route's): 404 → the not-found page; anything
 * else is recorded (docs/telemetry.md#error-records) and the diner gets a friendly screen with a
 * way to try again and a way home.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const isNotFoundError = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(isNotFoundError ? t('notFound.title') : t('error.unexpected.title'));
  useEffect(() => {
    if (!isNotFoundError) reportAnError('uncaught', messageOf(error), error);
  }, [error, isNotFoundError]);

  if (isNotFoundError) {
    return (
      <main>
        <NotFound />
      </main>
    );
  }

  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('error.unexpected.title')}</h1>
      <p className="text-lg text-ink-muted">{t('error.unexpected.message')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('error.unexpected.reload')}</Button>
        {/* a full load: whatever state broke the screen is left behind */}
        <a href={href('home')} className={buttonClasses({ variant: 'secondary' })}>
          {t('notFound.home')}
        </a>
      </div>
    </main>
  );
}
