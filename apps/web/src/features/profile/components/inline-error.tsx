import { type MessageId, useT } from '@/lib/i18n';
import { PROFILE_MESSAGE_VALUES } from '@/features/profile/profile-form';

/** An error of one block, announced as soon as it appears (the live region is always there). */
export function InlineError({ messageId, id }: { messageId: MessageId | undefined; id?: string }) {
  const t = useT();
  return (
    <div role="alert" id={id}>
      {messageId ? (
        <p className="rounded-xl border border-red-700/40 bg-red-50 px-4 py-3 font-medium text-red-900">
          {t(messageId, PROFILE_MESSAGE_VALUES)}
        </p>
      ) : null}
    </div>
  );
}
