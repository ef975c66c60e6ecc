import { type MessageId, useT } from '@/lib/i18n';
import { AUTH_MESSAGE_VALUES } from '@/features/auth/auth-forms';

/** The form-wide error, announced as soon as it appears. */
export function FormError({ messageId }: { messageId: MessageId | undefined }) {
  const t = useT();
  return (
    <div role="alert">
      {messageId ? (
        <p className="rounded-xl border border-red-700/40 bg-red-50 px-4 py-3 font-medium text-red-900">
          {t(messageId, AUTH_MESSAGE_VALUES)}
        </p>
      ) : null}
    </div>
  );
}
