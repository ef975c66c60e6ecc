import { useT } from '@/lib/i18n';
import { Button } from '@/components/ui/button';

interface ErrorStateProps {
  title: string;
  message?: string;
  onRetry?: () => void;
  isRetrying?: boolean;
}

/**
 * A friendly failure with a way forward; the technical detail is logged, not shown
 * (docs/product.md#product-log-messages).
 */
export function ErrorState({ title, message, onRetry, isRetrying = false }: ErrorStateProps) {
  const t = useT();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-white p-6 text-center"
    >
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-ink-muted">{message ?? t('error.tryAgainHint')}</p>
      {onRetry ? (
        <Button onClick={onRetry} disabled={isRetrying}>
          {isRetrying ? t('common.loading') : t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
