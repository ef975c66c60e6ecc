import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatTimeRange } from './reservation-display';

describe('reservation display', () => {
  it('shows the restaurant-local date in the diner language', () => {
    expect(formatLocalDate('2025-12-24', 'es-ES')).toBe('24 de diciembre de 2025');
    expect(formatLocalDate('2025-12-24', 'en-US')).toBe('December 24th, 2025');
  });

  it('shows a 24-hour range, across midnight too', () => {
    expect(formatTimeRange('21:30', 60)).toBe('21:30–22:30');
    expect(formatTimeRange('23:30', 45)).toBe('23:30–00:15');
  });
});
