import { describe, expect, it } from 'vitest';
import { reservationAnswer, restaurantSummary } from '@/testing/fixtures';
import { detailsOf } from './reservation-details';

describe('reservation details', () => {
  it('names the city once: an address that has it already is shown as written', () => {
    const restaurant = restaurantSummary({ address: 'Calle Berlín 258, Miraflores, Lima', city: 'Lima' });
    expect(detailsOf(reservationAnswer(restaurant)).address).toBe('Calle Berlín 258, Miraflores, Lima');
  });

  it('adds the city to a bare street line', () => {
    const restaurant = restaurantSummary({ address: 'Av. Larco 123', city: 'Lima' });
    expect(detailsOf(reservationAnswer(restaurant)).address).toBe('Av. Larco 123, Lima');
  });
});
