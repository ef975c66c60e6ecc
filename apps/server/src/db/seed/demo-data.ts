/**
 * The demo data seeded on first start: restaurants in eight cities with full menus, three demo
 * diners holding points at a few of them (enough to redeem a dish or two), the owner of every
 * restaurant and a staff member of the Santiago ones. Pure data — `seed.ts` maps it onto the
 * database.
 */
import type { SeedRestaurant, SeedUser } from './types.ts';
import { AMSTERDAM } from './restaurants/amsterdam.ts';
import { BARCELONA } from './restaurants/barcelona.ts';
import { BRUSSELS } from './restaurants/brussels.ts';
import { CARACAS } from './restaurants/caracas.ts';
import { LIMA_RESTAURANTS } from './restaurants/lima.ts';
import { MADRID_RESTAURANTS } from './restaurants/madrid.ts';
import { SANTIAGO } from './restaurants/santiago.ts';
import { VALPARAISO } from './restaurants/valparaiso.ts';

export const DEMO_RESTAURANTS: SeedRestaurant[] = [
  ...SANTIAGO,
  ...VALPARAISO,
  ...LIMA_RESTAURANTS,
  ...MADRID_RESTAURANTS,
  ...BARCELONA,
  ...CARACAS,
  ...AMSTERDAM,
  ...BRUSSELS,
];

/** Shared by every demo account; shown on the sign-in page and in the README. */
export const DEMO_PASSWORD = 'comensal-demo';

export const DEMO_USERS: SeedUser[] = [
  {
    email: 'ana@comensal.test',
    password: DEMO_PASSWORD,
    displayName: 'Ana Morales',
    phoneNumber: '+56 9 8765 4321',
    locale: 'es-ES',
    points: [
      { restaurant: 'la-picada-de-bellavista', balance: 120 },
      { restaurant: 'umami-lastarria', balance: 90 },
      { restaurant: 'el-ancla-de-cerro-alegre', balance: 40 },
    ],
  },
  {
    email: 'tom@comensal.test',
    password: DEMO_PASSWORD,
    displayName: 'Tom Baker',
    phoneNumber: null,
    locale: 'en-US',
    points: [
      { restaurant: 'cafe-de-gouden-tulp', balance: 30 },
      { restaurant: 'maison-moules-sablon', balance: 60 },
      { restaurant: 'bodega-gracia', balance: 25 },
    ],
  },
  {
    email: 'luis@comensal.test',
    password: DEMO_PASSWORD,
    displayName: 'Luis Rodríguez',
    phoneNumber: '0414-5550123',
    locale: 'es-ES',
    points: [
      { restaurant: 'el-budare-de-los-palos-grandes', balance: 35 },
      { restaurant: 'la-mar-brava', balance: 100 },
      { restaurant: 'tostaduria-los-leones', balance: 20 },
    ],
  },
  {
    email: 'owner@comensal.test',
    password: DEMO_PASSWORD,
    displayName: 'Carmen Vidal',
    phoneNumber: '+56 9 5550 1100',
    locale: 'es-ES',
    points: [],
    staff: { role: 'owner', restaurants: 'all' },
  },
  {
    email: 'staff@comensal.test',
    password: DEMO_PASSWORD,
    displayName: 'Diego Rojas',
    phoneNumber: '+56 9 5550 2200',
    locale: 'es-ES',
    points: [],
    staff: {
      role: 'staff',
      restaurants: SANTIAGO.map((restaurant) => restaurant.slug),
    },
  },
];
