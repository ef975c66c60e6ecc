import type { UseCaseContext } from '../../lib/context.ts';

/** Favourite use cases also log (SPEC §8: 'El usuario no existe' is logged). */
export interface FavoritesContext extends UseCaseContext {
  log: { warn(object: object, message: string): void };
}

/** SPEC §8 message, logged when a favourite is written for a user whose row is gone. */
export const USER_MISSING_MESSAGE = 'El usuario no existe';
