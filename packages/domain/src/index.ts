// @comensal/domain — pure business rules: no I/O, no clock, no imports from other workspace packages.
export * from './errors.ts';
export * from './currency/format-money.ts';
export * from './pricing/price-product.ts';
export * from './schedule/time-of-day.ts';
export * from './schedule/local-time.ts';
export * from './schedule/product-visibility.ts';
export * from './schedule/opening-hours.ts';
export * from './reservations/durations.ts';
export * from './reservations/table-clash.ts';
export * from './geo/distance.ts';
export * from './delivery/delivery-price.ts';
export * from './guest/guest-profile.ts';
export * from './i18n/locale.ts';
export * from './restaurants/categories.ts';
