import { ErrorState } from '@/components/errors/error-state';
import { NotFound } from '@/components/errors/not-found';
import { isApiError, isNotFound } from '@/lib/api-client';
import { useT } from '@/lib/i18n';

/** A failed load: not found (or not yours) as a plain notice, anything else with a retry. */
export function LoadError({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const t = useT();
  if (isNotFound(error) || (isApiError(error) && error.status === 403)) {
    return (
      <NotFound
        title={t('reservation.notFound.title')}
        message={t('reservation.notFound.message')}
        headingLevel={2}
      />
    );
  }
  return <ErrorState title={t('reservation.error.load')} onRetry={onRetry} isRetrying={isRetrying} />;
}
