import type { MessageId } from '@/lib/i18n';
import type { FieldErrors } from '@/features/auth/auth-forms';

/** What an auth route action answers when it does not redirect. */
export interface AuthFormResult<F extends string = string> {
  fieldErrors?: FieldErrors<F>;
  formError?: MessageId;
}

/** What the auth route hands its form besides the action result. */
export interface AuthFormContext {
  /** The `redirect` query value, kept on the links and the form. */
  redirectTo: string | null;
  /** Where Google / Facebook sign-in lands, and where a failed one comes back to. */
  social: { returnTo: string; errorPath: string };
  /** The guest's name when a guest is signing in or up. */
  guestName: string | null;
}
