/**
 * Where the export (export-my-data.ts) puts each column of the schema that refers to a user, or
 * why it leaves it out. export-coverage.test.ts reads src/db/schema.ts and fails when a table
 * gains a user reference that is not listed here: a new kind of the diner's data must be added
 * to the export (or left out on purpose, with its reason) before it ships.
 */
import type { MyDataSection } from '@comensal/contracts';

export type Coverage = { section: MyDataSection | 'profile' } | { excluded: string };

/** table name → user-referring column → where the export shows it. */
export const EXPORT_COVERAGE: Readonly<Record<string, Readonly<Record<string, Coverage>>>> = {
  users: { id: { section: 'profile' } },
  sessions: { user_id: { section: 'sessions' } },
  accounts: { user_id: { section: 'accounts' } },
  user_points: { user_id: { section: 'points' } },
  favorite_restaurants: { user_id: { section: 'favoriteRestaurants' } },
  favorite_products: { user_id: { section: 'favoriteProducts' } },
  reservations: { created_by: { section: 'reservations' } },
  reservation_members: { user_id: { section: 'reservations' } },
  invitations: {
    user_id: { section: 'invitationsReceived' },
    invited_by: { section: 'invitationsSent' },
  },
  orders: { user_id: { section: 'orders' }, paid_by: { section: 'orders' } },
  join_requests: {
    user_id: { section: 'joinRequests' },
    answered_by: {
      excluded:
        "another diner's request to join; the diner's part (letting them in) shows in the reservation's members",
    },
  },
  pending_payments: { payer_user_id: { section: 'pendingPayments' } },
  transactions: {
    payer_user_id: { section: 'transactions' },
    decided_by: {
      excluded: "another diner's payment; the staff member's decision is listed under staffActions",
    },
  },
  restaurant_staff: { user_id: { section: 'staffMemberships' } },
  staff_audit: { actor_user_id: { section: 'staffActions' } },
  client_records: { user_id: { section: 'clientRecords' } },
  client_record_reservations: { user_id: { section: 'clientRecords' } },
  error_records: { user_id: { section: 'errorRecords' } },
  idempotency_keys: {
    user_id: {
      excluded:
        'replay cache of the answers to the diner’s own creates, kept 24 hours; what they created is in the other sections',
    },
  },
};
