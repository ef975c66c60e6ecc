import { apiRequest } from '@/lib/api-client';

export function leaveReservation(id: string): Promise<null> {
  return apiRequest<null>(`/api/reservations/${encodeURIComponent(id)}/leave`, { method: 'POST' });
}
