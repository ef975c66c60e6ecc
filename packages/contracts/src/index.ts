export * from './common.ts';
export * from './health.ts';
export * from './menu.ts';
export * from './restaurants.ts';
