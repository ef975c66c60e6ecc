import type { AnalyticsEventInput } from '@comensal/contracts';
import { useEffect } from 'react';
import { track } from './track';

/** Reports a step once per restaurant a page shows (docs/telemetry.md#events): `useTrackView('menu', restaurantId)`. */
export function useTrackView(
  name: Extract<AnalyticsEventInput['name'], 'restaurant' | 'menu'>,
  restaurantId: string,
) {
  useEffect(() => {
    if (restaurantId) track({ name, restaurantId });
  }, [name, restaurantId]);
}
