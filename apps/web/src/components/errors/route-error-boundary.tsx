import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { NotFound } from './not-found';

/** Last line of defence for a route: 404 → the not-found page; anything else → reload. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const isNotFoundError = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(isNotFoundError ? t('notFound.title') : t('error.unexpected.title'));

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
      <Button onClick={() => window.location.reload()}>{t('error.unexpected.reload')}</Button>
    </main>
  );
}
