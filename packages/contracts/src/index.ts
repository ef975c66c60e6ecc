export * from './common.ts';
export * from './restaurants.ts';
