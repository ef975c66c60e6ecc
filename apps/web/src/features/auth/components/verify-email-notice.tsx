import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type MessageId, useT } from '@/lib/i18n';
import { resendVerification } from '@/features/auth/api/resend-verification';
import { authErrorMessageId } from '@/features/auth/auth-errors';

/**
 * Shown to a signed-in diner whose e-mail is not verified yet (docs/product.md#e-mail-verification):
 * what to do, and a button that mails the link again.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const t = useT();
  const [state, setState] = useState<{ sending: boolean; messageId: MessageId | null }>({
    sending: false,
    messageId: null,
  });
  const resend = async () => {
    setState({ sending: true, messageId: null });
    const result = await resendVerification(email);
    setState({
      sending: false,
      messageId: result.ok ? 'auth.verifyNotice.sent' : authErrorMessageId(result.code),
    });
  };
  return (
    <div
      role="status"
      className="mx-auto mt-3 flex w-full max-w-5xl flex-wrap items-center gap-3 rounded-2xl border border-line bg-brand-50 px-4 py-3"
      data-testid="verify-email-notice"
    >
      <p className="flex-1">{t('auth.verifyNotice.text', { email })}</p>
      <Button variant="secondary" onClick={() => void resend()} disabled={state.sending}>
        {t('auth.verifyNotice.resend')}
      </Button>
      {state.messageId ? <p className="w-full text-sm">{t(state.messageId)}</p> : null}
    </div>
  );
}
