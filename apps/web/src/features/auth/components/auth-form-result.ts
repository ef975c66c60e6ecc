import type { MessageId } from '../../../lib/i18n';
import type { FieldErrors } from '../auth-forms';

/** What an auth route action answers when it does not redirect. */
export interface AuthFormResult<F extends string = string> {
  fieldErrors?: FieldErrors<F>;
  formError?: MessageId;
}
