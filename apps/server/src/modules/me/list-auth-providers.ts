import type { AuthProviders, SocialProvider } from '@comensal/contracts';
import type { Config } from '../../config.ts';

/** The social sign-in providers with credentials configured (their buttons are shown). */
export function listAuthProviders(config: Pick<Config, 'google' | 'facebook'>): AuthProviders {
  const providers: SocialProvider[] = [];
  if (config.google) providers.push('google');
  if (config.facebook) providers.push('facebook');
  return { providers };
}
