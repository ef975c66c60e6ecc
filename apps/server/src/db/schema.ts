/**
 * Database schema (drizzle). Column names are snake_case; TypeScript keys camelCase.
 * Money is integer minor units of the restaurant's currency everywhere; timestamps are
 * `timestamptz` (stored UTC); every restaurant carries its IANA time zone.
 *
 * After a change here: `npm run db:generate -w @comensal/server` and commit the new migration.
 * Rules drizzle-kit cannot express (btree_gist, the reservation exclusion constraint) live in a
 * custom migration (`0001_reservations_no_overlap.sql`).
 *
 * ON DELETE policy: rows a restaurant owns (rooms, tables, products, reservations…) go with it;
 * rows that record money (transactions) or that other diners see (reservations created, orders,
 * payments) RESTRICT the deletion of their user, so a guest is only deleted after the merge into
 * the real account moved everything (docs/product.md#guest-to-user).
 */
// the analytics event names are the published contract's (packages/contracts analytics-events.ts)
import { ANALYTICS_EVENT_NAMES } from '@comensal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------
// Value shapes stored in jsonb columns

export type Localized = { es: string; en: string };
export type HHmm = string;
export type OpeningHours = { open: HHmm; close: HHmm }[][]; // index 0 = Sunday

export interface PreferenceOption {
  key: string;
  name: Localized;
  priceMinor: number;
  maxQuantity?: number;
}
export interface Preference {
  key: string;
  name: Localized;
  multiple: boolean;
  required: boolean;
  options: PreferenceOption[];
}
/**
 * What a diner chose for one order line, kept as it was when ordered (the names and the option
 * price per unit at that moment), so later menu edits do not rewrite past orders.
 */
export interface OrderedSelection {
  preferenceKey: string;
  optionKey: string;
  quantity: number;
  preferenceName: Localized;
  optionName: Localized;
  priceMinor: number;
}

export type DeliverySettings =
  | { mode: 'none' }
  | { mode: 'fixed'; priceMinor: number }
  | { mode: 'zones'; zones: { radiusMeters: number; priceMinor: number }[] };

export interface PaymentSettings {
  webpay: boolean;
  cash: boolean;
  /** Pago Móvil details shown to the diner, or null when the restaurant does not take it. */
  mobileTransfer: { bankCode: string; bankName: string; phone: string; idNumber: string } | null;
}

export interface DeliveryAddress {
  line: string;
  city?: string;
  notes?: string;
  location?: { lat: number; lng: number };
}

export const CURRENCIES = ['CLP', 'PEN', 'EUR', 'VES', 'USD'] as const;
export const RESERVATION_STATUSES = ['confirmed', 'seated', 'completed', 'cancelled'] as const;
export const RESERVATION_KINDS = ['table', 'pickup', 'delivery'] as const;
export const PAYMENT_TYPES = ['webpay', 'mobile_transfer', 'cash'] as const;
export const ORDER_KINDS = ['item', 'delivery'] as const;
export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export const PENDING_PAYMENT_STATUSES = ['open', 'processing', 'paid', 'cancelled', 'expired'] as const;
export const ALLOCATION_STATUSES = ['held', 'pending', 'paid', 'released'] as const;
export const STAFF_ROLES = ['owner', 'staff'] as const;
export const TRANSACTION_STATUSES = ['pending', 'approved', 'rejected', 'aborted', 'timed_out'] as const;
export const DISCOUNT_TYPES = ['amount', 'percent'] as const;

export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export type PendingPaymentStatus = (typeof PENDING_PAYMENT_STATUSES)[number];
export type AllocationStatus = (typeof ALLOCATION_STATUSES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];
export type ReservationKind = (typeof RESERVATION_KINDS)[number];
export type PaymentType = (typeof PAYMENT_TYPES)[number];

// Status-like columns are text + CHECK rather than PostgreSQL enums: a later migration can add a
// value and use it in the same transaction (ALTER TYPE … ADD VALUE cannot).
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const id = () => uuid('id').primaryKey().defaultRandom();

// ---------------------------------------------------------------------------------------------
// Identity (better-auth tables; model names are plural, see src/auth/auth.ts)

/** The app's user is better-auth's user: displayName = name, photoURL = image. */
export const users = pgTable('users', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  phoneNumber: text('phone_number'),
  locale: text('locale'),
  isAnonymous: boolean('is_anonymous').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// ---------------------------------------------------------------------------------------------
// Restaurants and menus

/**
 * `translate(lower(x), FROM, TO)` folds case and the Spanish/Portuguese/French diacritics, for
 * accent-insensitive search without the `unaccent` extension (missing on some managed
 * PostgreSQL). Upper-case accented letters are listed too: lower() leaves them alone under a
 * plain C locale. Used by the generated `restaurants.name_search` and by the search query.
 */
export const SEARCH_FOLD_FROM = 'áàâäãåéèêëíìîïóòôöõúùûüñçÿÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
export const SEARCH_FOLD_TO = 'aaaaaaeeeeiiiiooooouuuuncyaaaaaaeeeeiiiiooooouuuunc';

export const restaurants = pgTable(
  'restaurants',
  {
    id: id(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    nameSearch: text('name_search')
      .notNull()
      .generatedAlwaysAs(sql.raw(`translate(lower("name"), '${SEARCH_FOLD_FROM}', '${SEARCH_FOLD_TO}')`)),
    description: jsonb('description').$type<Localized>().notNull(),
    category: text('category').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    timeZone: text('time_zone').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    phone: text('phone').notNull(),
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull(),
    pickup: boolean('pickup').notNull().default(false),
    delivery: jsonb('delivery').$type<DeliverySettings>().notNull().default({ mode: 'none' }),
    payments: jsonb('payments')
      .$type<PaymentSettings>()
      .notNull()
      .default({ webpay: true, cash: true, mobileTransfer: null }),
    reviewUrl: text('review_url'),
    /** Points earned: `pointsRatePoints` points per `pointsRatePerMinor` minor units paid. */
    pointsRatePoints: integer('points_rate_points').notNull().default(1),
    pointsRatePerMinor: integer('points_rate_per_minor').notNull().default(1000),
    suggestedTipPercent: smallint('suggested_tip_percent'),
    /** Public URLs of the pictures; the first one is the cover. */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sections: jsonb('sections').$type<{ key: string; name: Localized }[]>().notNull().default([]),
    /**
     * Whether the restaurant has a vegan (vegetarian) product that is not hidden, kept up to date
     * by the triggers of migration 0004 on every product change. Only narrows the candidates of
     * the list's vegan (vegetarian) filter and flag: whether such a product is visible NOW
     * (schedule, stock) is still decided by the query (restaurant-repository.ts).
     */
    hasVeganProduct: boolean('has_vegan_product').notNull().default(false),
    hasVegetarianProduct: boolean('has_vegetarian_product').notNull().default(false),
    /** Booking limits (docs/product.md#booking-limits): how far ahead, how many people, how many at once. */
    bookingHorizonDays: smallint('booking_horizon_days').notNull().default(60),
    maxPartySize: smallint('max_party_size').notNull().default(20),
    maxTakeawayPartySize: smallint('max_takeaway_party_size').notNull().default(10),
    maxReservationsPerUser: smallint('max_reservations_per_user').notNull().default(3),
    maxReservationsPerGuest: smallint('max_reservations_per_guest').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('restaurants_name_search_id_idx').on(t.nameSearch, t.id),
    // the vegan / vegetarian filters in name order: the candidates only, whatever their number
    index('restaurants_vegan_name_search_id_idx')
      .on(t.nameSearch, t.id)
      .where(sql.raw('"has_vegan_product"')),
    index('restaurants_vegetarian_name_search_id_idx')
      .on(t.nameSearch, t.id)
      .where(sql.raw('"has_vegetarian_product"')),
    index('restaurants_category_idx').on(t.category),
    check('restaurants_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    // an unknown IANA zone makes the expression raise, so a bad time zone is never stored
    check(
      'restaurants_time_zone_check',
      sql`(TIMESTAMPTZ '2000-01-01 00:00:00+00' AT TIME ZONE ${t.timeZone}) IS NOT NULL`,
    ),
    check('restaurants_currency_check', inList('currency', CURRENCIES)),
    check('restaurants_lat_check', sql`${t.lat} BETWEEN -90 AND 90`),
    check('restaurants_lng_check', sql`${t.lng} BETWEEN -180 AND 180`),
    check('restaurants_points_rate_check', sql`${t.pointsRatePoints} >= 0 AND ${t.pointsRatePerMinor} > 0`),
    check(
      'restaurants_suggested_tip_check',
      sql`${t.suggestedTipPercent} IS NULL OR ${t.suggestedTipPercent} BETWEEN 0 AND 100`,
    ),
    check(
      'restaurants_booking_limits_check',
      sql`${t.bookingHorizonDays} BETWEEN 1 AND 366 AND ${t.maxPartySize} BETWEEN 1 AND 100 AND ${t.maxTakeawayPartySize} BETWEEN 1 AND 100 AND ${t.maxReservationsPerUser} BETWEEN 1 AND 1000 AND ${t.maxReservationsPerGuest} BETWEEN 1 AND 1000`,
    ),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** Stable per restaurant (e.g. "terraza"). */
    key: text('key').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('rooms_restaurant_key_unique').on(t.restaurantId, t.key),
    // target of reservations' composite FK (room belongs to the reservation's restaurant)
    unique('rooms_id_restaurant_unique').on(t.id, t.restaurantId),
  ],
);

export const diningTables = pgTable(
  'dining_tables',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id').notNull(),
    number: integer('number').notNull(),
    seats: integer('seats').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'dining_tables_room_fk',
      columns: [t.roomId, t.restaurantId],
      foreignColumns: [rooms.id, rooms.restaurantId],
    }).onDelete('cascade'),
    unique('dining_tables_room_number_unique').on(t.roomId, t.number),
    // target of reservations' composite FK (table belongs to the reservation's room)
    unique('dining_tables_id_room_unique').on(t.id, t.roomId),
    check('dining_tables_seats_check', sql`${t.seats} >= 1`),
    check('dining_tables_number_check', sql`${t.number} >= 0`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** Stable per restaurant for seeded products (e2e and tests find them by it); null otherwise. */
    key: text('key'),
    section: text('section').notNull(),
    position: integer('position').notNull().default(0),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    priceMinor: integer('price_minor').notNull(),
    calories: integer('calories'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    vegan: boolean('vegan').notNull().default(false),
    vegetarian: boolean('vegetarian').notNull().default(false),
    preferences: jsonb('preferences').$type<Preference[]>().notNull().default([]),
    discount: integer('discount'),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }),
    scheduleStart: text('schedule_start'),
    scheduleEnd: text('schedule_end'),
    scheduleDays: smallint('schedule_days').array(),
    hidden: boolean('hidden').notNull().default(false),
    stock: integer('stock'),
    preventSaleWithoutStock: boolean('prevent_sale_without_stock').notNull().default(false),
    pointsPrice: integer('points_price'),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_restaurant_section_idx').on(t.restaurantId, t.section, t.position),
    // "has a vegan / vegetarian product visible now" (list flags and filters) reads only these
    index('products_vegan_restaurant_idx').on(t.restaurantId).where(sql.raw('"vegan" AND NOT "hidden"')),
    index('products_vegetarian_restaurant_idx')
      .on(t.restaurantId)
      .where(sql.raw('"vegetarian" AND NOT "hidden"')),
    uniqueIndex('products_restaurant_key_unique').on(t.restaurantId, t.key),
    check('products_price_check', sql`${t.priceMinor} >= 0`),
    check('products_calories_check', sql`${t.calories} IS NULL OR ${t.calories} >= 0`),
    check('products_stock_check', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check('products_points_price_check', sql`${t.pointsPrice} IS NULL OR ${t.pointsPrice} >= 0`),
    check('products_vegan_implies_vegetarian_check', sql`NOT ${t.vegan} OR ${t.vegetarian}`),
    check(
      'products_discount_type_check',
      sql`${t.discountType} IS NULL OR ${inList('discount_type', DISCOUNT_TYPES)}`,
    ),
    check(
      'products_discount_check',
      sql`(${t.discount} IS NULL) = (${t.discountType} IS NULL) AND (${t.discount} IS NULL OR (${t.discount} >= 0 AND (${t.discountType} <> 'percent' OR ${t.discount} <= 100)))`,
    ),
    check(
      'products_schedule_check',
      sql`(${t.scheduleStart} IS NULL OR ${t.scheduleStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') AND (${t.scheduleEnd} IS NULL OR ${t.scheduleEnd} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$') AND (${t.scheduleDays} IS NULL OR ${t.scheduleDays} <@ ARRAY[0,1,2,3,4,5,6]::smallint[])`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Diner data

export const userPoints = pgTable(
  'user_points',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'user_points_pk', columns: [t.userId, t.restaurantId] }),
    check('user_points_balance_check', sql`${t.balance} >= 0`),
  ],
);

export const favoriteRestaurants = pgTable(
  'favorite_restaurants',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'favorite_restaurants_pk', columns: [t.userId, t.restaurantId] }),
    index('favorite_restaurants_restaurant_idx').on(t.restaurantId),
  ],
);

export const favoriteProducts = pgTable(
  'favorite_products',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'favorite_products_pk', columns: [t.userId, t.productId] }),
    index('favorite_products_product_idx').on(t.productId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Reservations, invitations, orders, payments

export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id'),
    tableId: uuid('table_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    comments: text('comments'),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('confirmed'),
    kind: text('kind', { enum: RESERVATION_KINDS }).notNull().default('table'),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    deliveryPriceMinor: integer('delivery_price_minor'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    requestedAssistance: boolean('requested_assistance').notNull().default(false),
    ordersReadyNotification: boolean('orders_ready_notification').notNull().default(false),
    /**
     * The secret of the creator's share link (docs/product.md#share-link): whoever holds it joins,
     * within the party size. null = the creator turned the link off; renewing draws a new one.
     * 122 random bits from gen_random_uuid(), drawn for every reservation (existing ones too).
     */
    shareToken: text('share_token').default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reservations_share_token_unique').on(t.shareToken),
    foreignKey({
      name: 'reservations_room_fk',
      columns: [t.roomId, t.restaurantId],
      foreignColumns: [rooms.id, rooms.restaurantId],
    }).onDelete('restrict'),
    foreignKey({
      name: 'reservations_table_fk',
      columns: [t.tableId, t.roomId],
      foreignColumns: [diningTables.id, diningTables.roomId],
    }).onDelete('restrict'),
    index('reservations_restaurant_starts_idx').on(t.restaurantId, t.startsAt),
    index('reservations_created_by_idx').on(t.createdBy),
    check('reservations_quantity_check', sql`${t.quantity} >= 1`),
    check('reservations_time_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('reservations_status_check', inList('status', RESERVATION_STATUSES)),
    check('reservations_kind_check', inList('kind', RESERVATION_KINDS)),
    check('reservations_table_room_check', sql`${t.tableId} IS NULL OR ${t.roomId} IS NOT NULL`),
    check('reservations_table_kind_check', sql`${t.kind} = 'table' OR ${t.tableId} IS NULL`),
    check('reservations_delivery_check', sql`${t.kind} <> 'delivery' OR ${t.deliveryAddress} IS NOT NULL`),
    check(
      'reservations_delivery_price_check',
      sql`${t.deliveryPriceMinor} IS NULL OR ${t.deliveryPriceMinor} >= 0`,
    ),
  ],
);

/** The reservation's `users`: the creator and everyone who accepted an invitation. */
export const reservationMembers = pgTable(
  'reservation_members',
  {
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'reservation_members_pk', columns: [t.reservationId, t.userId] }),
    index('reservation_members_user_idx').on(t.userId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    /** The invitee when they have an account; the e-mail is kept either way. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    inviteeEmail: text('invitee_email').notNull(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** null = pending, true = accepted, false = rejected */
    accepted: boolean('accepted'),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * The creator withdrew it (or sent it again, which withdraws the old one): the invitee no
     * longer sees or answers it, and it still counts against the invitation limits.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Sent to a companion chosen by id: the creator never reads its address. */
    byCompanion: boolean('by_companion').notNull().default(false),
  },
  (t) => [
    uniqueIndex('invitations_pending_unique')
      .on(t.reservationId, sql`lower(${t.inviteeEmail})`)
      .where(sql`${t.accepted} IS NULL AND ${t.revokedAt} IS NULL`),
    index('invitations_user_created_idx').on(t.userId, t.createdAt),
    index('invitations_email_idx').on(sql`lower(${t.inviteeEmail})`),
    index('invitations_reservation_idx').on(t.reservationId),
    // the daily limit of invitations per inviter
    index('invitations_invited_by_created_idx').on(t.invitedBy, t.createdAt),
  ],
);

/**
 * The lines of a reservation's bill: a dish a member ordered (`item`), or the delivery price of a
 * delivery reservation (`delivery`: no product, its author is the creator). Prices are the
 * server's, fixed when ordered (or edited). The three counters follow the payments made against
 * the line (docs/product.md#splitting-the-bill): `allocated_minor` is what payments hold, are
 * awaiting confirmation of, or have paid; `pending_minor` what awaits the restaurant's
 * confirmation; `paid_minor` what is paid. The CHECKs make "never paid twice, never more than
 * the price" a rule of the database.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_KINDS }).notNull().default('item'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    comments: text('comments'),
    preferences: jsonb('preferences').$type<OrderedSelection[]>().notNull().default([]),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    totalPriceMinor: integer('total_price_minor').notNull(),
    pointsSpent: integer('points_spent').notNull().default(0),
    allocatedMinor: integer('allocated_minor').notNull().default(0),
    pendingMinor: integer('pending_minor').notNull().default(0),
    paidMinor: integer('paid_minor').notNull().default(0),
    /**
     * The order's `payer` (docs/product.md#orders): set when one payment covers the whole
     * line.
     */
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'restrict' }),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }),
    pendingToConfirmed: boolean('pending_to_confirmed').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_reservation_idx').on(t.reservationId, t.createdAt),
    index('orders_user_idx').on(t.userId),
    index('orders_product_idx').on(t.productId),
    // one delivery line per reservation
    uniqueIndex('orders_delivery_unique')
      .on(t.reservationId)
      .where(sql`${t.kind} = 'delivery'`),
    check('orders_kind_check', inList('kind', ORDER_KINDS)),
    check('orders_kind_product_check', sql`(${t.kind} = 'item') = (${t.productId} IS NOT NULL)`),
    check('orders_quantity_check', sql`${t.quantity} >= 1`),
    check(
      'orders_prices_check',
      sql`${t.unitPriceMinor} >= 0 AND ${t.totalPriceMinor} >= 0 AND ${t.discountMinor} >= 0`,
    ),
    check('orders_points_check', sql`${t.pointsSpent} >= 0`),
    check(
      'orders_allocation_check',
      sql`${t.paidMinor} >= 0 AND ${t.pendingMinor} >= 0 AND ${t.paidMinor} + ${t.pendingMinor} <= ${t.allocatedMinor} AND ${t.allocatedMinor} <= ${t.totalPriceMinor}`,
    ),
    check(
      'orders_payment_type_check',
      sql`${t.paymentType} IS NULL OR ${inList('payment_type', PAYMENT_TYPES)}`,
    ),
    check('orders_paid_check', sql`(${t.paidBy} IS NULL) = (${t.paidAt} IS NULL)`),
  ],
);

/**
 * A diner who opened a table's QR link while the table had a current reservation, asking its
 * members to let them in (docs/product.md#remembered-restaurant-and-table-links). One pending
 * request per diner and reservation; any member answers it.
 */
export const joinRequests = pgTable(
  'join_requests',
  {
    id: id(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: JOIN_REQUEST_STATUSES }).notNull().default('pending'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('join_requests_pending_unique')
      .on(t.reservationId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('join_requests_user_idx').on(t.userId),
    check('join_requests_status_check', inList('status', JOIN_REQUEST_STATUSES)),
  ],
);

/**
 * A diner's intention to pay some orders (docs/product.md#payments, the original `pendingsToPay`);
 * an open entry is merged per payer + tips + type. Statuses: open (being prepared; released at
 * `expires_at`) → processing (a transaction is under way or awaits the restaurant) → paid; or
 * cancelled (the payer, or the restaurant rejected the transfer) / expired (left open).
 * What it covers of each order is in `payment_allocations`.
 */
export const pendingPayments = pgTable(
  'pending_payments',
  {
    id: id(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    payerUserId: uuid('payer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    tipsMinor: integer('tips_minor').notNull().default(0),
    /** '0' | '10' | '15' | '20' | 'custom' */
    chosenTips: text('chosen_tips').notNull(),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
    orderIds: uuid('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status', { enum: PENDING_PAYMENT_STATUSES }).notNull().default('open'),
    /** When an open entry with nothing under way is released (null while not open). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pending_payments_open_merge_unique')
      .on(t.reservationId, t.payerUserId, t.chosenTips, t.paymentType)
      .where(sql`${t.status} = 'open'`),
    index('pending_payments_payer_idx').on(t.payerUserId),
    check('pending_payments_amounts_check', sql`${t.amountMinor} >= 0 AND ${t.tipsMinor} >= 0`),
    check('pending_payments_payment_type_check', inList('payment_type', PAYMENT_TYPES)),
    check('pending_payments_status_check', inList('status', PENDING_PAYMENT_STATUSES)),
    check('pending_payments_expiry_check', sql`(${t.status} = 'open') = (${t.expiresAt} IS NOT NULL)`),
    index('pending_payments_open_expiry_idx')
      .on(t.reservationId, t.expiresAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * What a pending payment covers of one order (docs/decisions/0017-payments.md): held
 * while the payment is prepared or under way, pending while the restaurant has to confirm it,
 * paid, or released (expired, cancelled, rejected). Every change moves the order's counters
 * (`allocated_minor`, `pending_minor`, `paid_minor`) in the same transaction, under the order's
 * row lock; the orders' CHECK bounds them by the price. One row per payment and order: adding the
 * same order again adds to it.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: id(),
    pendingPaymentId: uuid('pending_payment_id')
      .notNull()
      .references(() => pendingPayments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    status: text('status', { enum: ALLOCATION_STATUSES }).notNull().default('held'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_allocations_payment_order_unique').on(t.pendingPaymentId, t.orderId),
    index('payment_allocations_order_idx').on(t.orderId),
    check('payment_allocations_amount_check', sql`${t.amountMinor} > 0`),
    check('payment_allocations_status_check', inList('status', ALLOCATION_STATUSES)),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'restrict' }),
    payerUserId: uuid('payer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    tipsMinor: integer('tips_minor').notNull().default(0),
    orderIds: uuid('order_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull().default('pending'),
    /** The pending payment it pays (null only for rows older than the payments module). */
    pendingPaymentId: uuid('pending_payment_id').references(() => pendingPayments.id, {
      onDelete: 'restrict',
    }),
    /** Points the payer earned with it (approved or confirmed). */
    pointsEarned: integer('points_earned').notNull().default(0),
    /** Who of the restaurant's staff confirmed or rejected it (Pago Móvil, cash), and when. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Free report (Pago Móvil details, Webpay commit response…). */
    report: jsonb('report').$type<Record<string, unknown>>(),
    /** Storage key of the Pago Móvil receipt: restaurants/{r}/pagos movil/{id}.{ext} */
    receiptPath: text('receipt_path'),
    bankCode: text('bank_code'),
    reference: text('reference'),
    transferDate: date('transfer_date'),
    webpayToken: text('webpay_token').unique('transactions_webpay_token_unique'),
    buyOrder: text('buy_order').unique('transactions_buy_order_unique'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Pago Móvil: a (bank, reference, date) triple is never reusable. NULLs are distinct, so
    // other payment types are unaffected.
    unique('transactions_transfer_unique').on(t.bankCode, t.reference, t.transferDate),
    index('transactions_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('transactions_reservation_idx').on(t.reservationId),
    index('transactions_payer_idx').on(t.payerUserId),
    index('transactions_pending_payment_idx').on(t.pendingPaymentId),
    check('transactions_points_check', sql`${t.pointsEarned} >= 0`),
    check('transactions_amounts_check', sql`${t.amountMinor} >= 0 AND ${t.tipsMinor} >= 0`),
    check('transactions_payment_type_check', inList('payment_type', PAYMENT_TYPES)),
    check('transactions_status_check', inList('status', TRANSACTION_STATUSES)),
  ],
);

/**
 * Who works at a restaurant (docs/product.md#roles): its owners and staff confirm or reject
 * transfers and cash, and read the receipts of its payments. Staff of one restaurant see nothing
 * of another.
 */
export const restaurantStaff = pgTable(
  'restaurant_staff',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'restaurant_staff_pk', columns: [t.restaurantId, t.userId] }),
    index('restaurant_staff_user_idx').on(t.userId),
    check('restaurant_staff_role_check', inList('role', STAFF_ROLES)),
  ],
);

export const STAFF_AUDIT_TARGETS = ['transaction', 'reservation', 'product', 'staff'] as const;
export type StaffAuditTarget = (typeof STAFF_AUDIT_TARGETS)[number];

/**
 * Every staff action (docs/product.md#audit): who did what to which thing of a restaurant, the
 * state before and after (the fields it changed), when — written in the transaction of the
 * action, so an action and its record exist together or not at all. `seq` orders the list
 * (newest first) and pages it. `actor_user_id` has no foreign key: the record outlives the
 * account, and keeps the name and e-mail the actor had.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique('staff_audit_seq_unique'),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: STAFF_AUDIT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_audit_restaurant_seq_idx').on(t.restaurantId, t.seq),
    check('staff_audit_target_type_check', inList('target_type', STAFF_AUDIT_TARGETS)),
  ],
);

/** A restaurant's client (docs/product.md#client-record); user fields come from `users`. */
export const clientRecords = pgTable(
  'client_records',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'client_records_pk', columns: [t.restaurantId, t.userId] }),
    index('client_records_user_idx').on(t.userId),
  ],
);

export const clientRecordReservations = pgTable(
  'client_record_reservations',
  {
    restaurantId: uuid('restaurant_id').notNull(),
    userId: uuid('user_id').notNull(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    date: timestamp('date', { withTimezone: true }).notNull(),
    tableNumber: integer('table_number'),
    delivery: boolean('delivery').notNull().default(false),
    pickup: boolean('pickup').notNull().default(false),
  },
  (t) => [
    primaryKey({
      name: 'client_record_reservations_pk',
      columns: [t.restaurantId, t.userId, t.reservationId],
    }),
    foreignKey({
      name: 'client_record_reservations_record_fk',
      columns: [t.restaurantId, t.userId],
      foreignColumns: [clientRecords.restaurantId, clientRecords.userId],
    }).onDelete('cascade'),
    index('client_record_reservations_reservation_idx').on(t.reservationId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Telemetry and bookkeeping

export const errorRecords = pgTable(
  'error_records',
  {
    id: id(),
    content: jsonb('content').$type<unknown>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('error_records_created_idx').on(t.createdAt)],
);

/**
 * First-party analytics events (docs/telemetry.md#events): one row per event a browser reported.
 * Nothing here leads to a person: `visitor_id` is a random id the browser makes (renewed every
 * day), there is no user id, no address, no free text. `id` is the browser's event id, so a batch
 * sent twice is stored once. `restaurant_id` is not a foreign key: an event is kept (and swept
 * with the rest after its retention) whatever id it names; only staff funnels read it.
 * Rows older than the retention (90 days) are deleted by the inserts.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey(),
    visitorId: uuid('visitor_id').notNull(),
    name: text('name').notNull(),
    restaurantId: uuid('restaurant_id'),
    /** The rest of the event's closed fields (route pattern, locale, kind, method…). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** When it happened: the browser's time, clamped by the server to the last hour. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('analytics_events_funnel_idx').on(t.restaurantId, t.occurredAt, t.name, t.visitorId),
    index('analytics_events_occurred_idx').on(t.occurredAt),
    check('analytics_events_name_check', inList('name', ANALYTICS_EVENT_NAMES)),
  ],
);

/** Small key/value facts about this database (e.g. `demo_seeded`). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Request counters of the sign-in/sign-up rate limits (better-auth's limiter per IP and ours per
 * account): one fixed window per key, shared by every instance (src/db/rate-limit-repository.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_started_idx').on(t.windowStartedAt)],
);

/**
 * The answers of creates sent with an `Idempotency-Key` (plugins/idempotency.ts,
 * docs/security.md#idempotent-creates): one row per diner and key, first `pending` (the request
 * runs; a second one with the same key waits), then the answer as sent (status, JSON body), which
 * a retry with the same key and body gets again. `fingerprint` is the SHA-256 of the method, route,
 * parameters and body: the same key with another request is refused. Rows expire after 24 h.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** null while the first request runs */
    status: smallint('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Token buckets of the abuse limits (src/db/rate-limit-repository.ts `takeToken`): `tokens` left
 * at `updated_at`, refilled continuously up to the rule's capacity. Bursts up to the capacity,
 * then a steady rate.
 */
export const rateBuckets = pgTable(
  'rate_buckets',
  {
    key: text('key').primaryKey(),
    tokens: doublePrecision('tokens').notNull(),
    /** Whether the last take found a token (the answer of the one upsert). */
    allowed: boolean('allowed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_buckets_updated_idx').on(t.updatedAt)],
);

/**
 * Error records posted by the web app (docs/telemetry.md#error-records), scrubbed of e-mails and
 * secrets before they are written. No user id: a record says what broke and where, not for whom.
 * The restaurant (when the page had one) decides which staff read it; `seq` orders the pages
 * newest first. Kept 30 days (`ERROR_REPORT_RETENTION_DAYS` of packages/contracts). It replaces
 * `error_records` above, a placeholder of the first schema that nothing writes.
 */
export const errorReports = pgTable(
  'error_reports',
  {
    id: id(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique('error_reports_seq_unique'),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    route: text('route').notNull(),
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    /** As the page knew it; not a foreign key (a reservation may be gone, the record stays). */
    reservationId: uuid('reservation_id'),
    appVersion: text('app_version').notNull(),
    locale: text('locale').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('error_reports_restaurant_seq_idx').on(t.restaurantId, t.seq),
    index('error_reports_created_at_idx').on(t.createdAt),
  ],
);
