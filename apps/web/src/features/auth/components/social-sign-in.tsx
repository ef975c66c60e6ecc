import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type MessageId, useT } from '@/lib/i18n';
import { authErrorMessageId } from '@/features/auth/auth-errors';
import { useAuthProviders } from '@/features/auth/api/get-auth-providers';
import { type SocialProvider, signInSocial } from '@/features/auth/api/sign-in-social';
import { FormError } from './form-error';

const LABEL_IDS = {
  google: 'auth.social.google',
  facebook: 'auth.social.facebook',
} as const satisfies Record<SocialProvider, MessageId>;

function ProviderLogo({ provider }: { provider: SocialProvider }) {
  if (provider === 'google') {
    return (
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="#4285F4"
          d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8Z"
        />
        <path
          fill="#34A853"
          d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24Z"
        />
        <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.8l4-3Z" />
        <path
          fill="#EA4335"
          d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8Z"
        />
      </svg>
    );
  }
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#fff"
        d="M16.7 15.5 17.2 12h-3.4V9.8c0-1 .5-1.9 2-1.9h1.5v-3s-1.4-.2-2.7-.2c-2.8 0-4.6 1.7-4.6 4.7V12H7v3.5h3v8.4a12 12 0 0 0 3.8 0v-8.4h2.9Z"
      />
    </svg>
  );
}

interface SocialSignInProps {
  /** The in-app path to land on once signed in. */
  returnTo: string;
  /** The in-app path a failed round trip comes back to (it shows `?error=`). */
  errorPath: string;
}

/**
 * "Continue with Google / Facebook", only for the providers the server has configured; nothing
 * at all while that is unknown or when none is. Both go by redirect.
 */
export function SocialSignIn({ returnTo, errorPath }: SocialSignInProps) {
  const t = useT();
  const providers = useAuthProviders().data?.providers ?? [];
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<MessageId | undefined>(undefined);
  const titleId = useId();

  if (providers.length === 0) return null;

  const start = async (provider: SocialProvider) => {
    setPending(provider);
    setError(undefined);
    const result = await signInSocial(provider, { returnTo, errorPath });
    // On success the browser is leaving for the provider: keep the button busy.
    if (!result.ok) {
      setPending(null);
      setError(authErrorMessageId(result.code));
    }
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="flex items-center gap-3 text-base font-medium text-ink-muted">
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
        {t('auth.social.title')}
        <span aria-hidden="true" className="h-px flex-1 bg-line" />
      </h2>
      <FormError messageId={error} />
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="secondary"
          block
          disabled={pending !== null}
          aria-busy={pending === provider || undefined}
          onClick={() => void start(provider)}
        >
          <ProviderLogo provider={provider} />
          {t(LABEL_IDS[provider])}
        </Button>
      ))}
    </section>
  );
}
