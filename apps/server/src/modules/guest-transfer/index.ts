/**
 * Guest → user: on sign-in with a guest session, everything the guest owns becomes the account's
 * (app.ts hands `transferGuest` to the auth plugin). The module's front door: other code imports
 * only what is exported here.
 */
export { transferGuest } from './transfer-guest.ts';
