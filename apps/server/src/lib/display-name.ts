/**
 * The display-name rule of sign-up and profile edits (docs/product.md#display-names): at most
 * DISPLAY_NAME_MAX characters, no link, web address or e-mail address — 400 DISPLAY_NAME_INVALID.
 */
import { DISPLAY_NAME_MAX } from '@comensal/contracts';
import { displayNameProblem, type DisplayNameProblem } from '@comensal/domain';
import { AppError } from './app-error.ts';

export const DISPLAY_NAME_INVALID_MESSAGE = `Use a name of up to ${DISPLAY_NAME_MAX} characters, without links or web addresses`;

/** The problem of a (trimmed) display name, or null. */
export const displayNameProblemOf = (name: string): DisplayNameProblem | null =>
  displayNameProblem(name, DISPLAY_NAME_MAX);

/** Throws 400 DISPLAY_NAME_INVALID (details: reason, max) unless the name may be shown. */
export function assertDisplayName(name: string): void {
  const reason = displayNameProblemOf(name);
  if (reason) {
    throw new AppError('DISPLAY_NAME_INVALID', DISPLAY_NAME_INVALID_MESSAGE, {
      reason,
      max: DISPLAY_NAME_MAX,
    });
  }
}
