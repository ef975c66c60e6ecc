import { AppError } from '../../lib/app-error.ts';
import type { Diner, RequestContext } from '../../lib/context.ts';
import { assertMember, findReservationOrThrow } from './access.ts';
import { buildIcs } from './ics.ts';
import { reservationRepository } from './reservation-repository.ts';

export type IcsLocale = 'es-ES' | 'en-US';

const TEXT = {
  'es-ES': {
    summary: {
      table: (restaurant: string) => `Reserva en ${restaurant}`,
      pickup: (restaurant: string) => `Retiro en ${restaurant}`,
      delivery: (restaurant: string) => `Despacho de ${restaurant}`,
    },
    party: (quantity: number) => (quantity === 1 ? '1 persona' : `${quantity} personas`),
    table: (number: number, room: string) => `Mesa ${number} (${room})`,
    comments: 'Comentarios',
  },
  'en-US': {
    summary: {
      table: (restaurant: string) => `Reservation at ${restaurant}`,
      pickup: (restaurant: string) => `Pickup at ${restaurant}`,
      delivery: (restaurant: string) => `Delivery from ${restaurant}`,
    },
    party: (quantity: number) => (quantity === 1 ? '1 person' : `${quantity} people`),
    table: (number: number, room: string) => `Table ${number} (${room})`,
    comments: 'Comments',
  },
} as const;

export interface ReservationIcs {
  filename: string;
  body: string;
}

/** The reservation as an .ics calendar file (members only), in `locale`. */
export async function getReservationIcs(
  ctx: RequestContext,
  diner: Diner,
  id: string,
  locale: IcsLocale,
): Promise<ReservationIcs> {
  const row = await findReservationOrThrow(ctx, id);
  await assertMember(ctx, row, diner);
  const restaurant = await reservationRepository(ctx.db).findRestaurant(row.restaurantId);
  if (!restaurant) throw AppError.notFound('Restaurant');
  const text = TEXT[locale];
  const language = locale === 'es-ES' ? 'es' : 'en';
  const publicUrl = ctx.publicUrl.replace(/\/+$/, '');
  const url = `${publicUrl}/restaurants/${row.restaurantId}/reservations/${row.id}`;
  const details = [
    text.party(row.quantity),
    row.tableNumber !== null && row.roomName ? text.table(row.tableNumber, row.roomName[language]) : null,
    row.comments ? `${text.comments}: ${row.comments}` : null,
    url,
  ].filter((line) => line !== null);
  const body = buildIcs(
    {
      uid: `${row.id}@${new URL(publicUrl).hostname}`,
      stamp: ctx.now(),
      start: row.startsAt,
      end: row.endsAt,
      summary: text.summary[row.kind](restaurant.name),
      description: details.join('\n'),
      location: `${restaurant.name}, ${restaurant.address}, ${restaurant.city}`,
      geo: { lat: restaurant.lat, lng: restaurant.lng },
      url,
      status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
      lastModified: row.updatedAt,
    },
    { prodId: '-//Comensal//Reservations//EN' },
  );
  return { filename: `reservation-${row.id}.ics`, body };
}
