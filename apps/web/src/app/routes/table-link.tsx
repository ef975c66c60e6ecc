import { type ComponentProps, lazy, type ReactNode, Suspense, useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { href } from '@/config/paths';
import { tableQueryFor } from '@/lib/visit-context';
import { useAuth } from '@/app/session';
import { useSignInHref } from '@/app/routes/use-sign-in-href';

/**
 * Table links (docs/product.md#table-links) on a restaurant's pages, composed here: the card needs
 * the session, the way to the auth page and the table's order route. It loads only when the visit
 * carries a table (`?table=&room=`, remembered for the visit), so other visitors download none of it.
 */

const TableLinkCardModule = lazy(() =>
  import('@/features/table-join/components/table-link-card').then((module) => ({
    default: module.TableLinkCard,
  })),
);
const JoinRequestsPanelModule = lazy(() =>
  import('@/features/table-join/components/join-requests-panel').then((module) => ({
    default: module.JoinRequestsPanel,
  })),
);

/** The table link's card for this restaurant, or null when the visit carries no table. */
export function useTableLinkCard(restaurantId: string): ReactNode {
  const [searchParams] = useSearchParams();
  const hasSession = useAuth() !== null;
  const signInHref = useSignInHref();
  const navigate = useNavigate();
  const onOpenOrder = useCallback(
    (reservationId: string) =>
      void navigate(href('restaurant.reservation.order', { restaurantId, reservationId })),
    [navigate, restaurantId],
  );
  const { table, room } = tableQueryFor(restaurantId, searchParams);
  if (!restaurantId || table === undefined) return null;
  return (
    <Suspense fallback={null}>
      <TableLinkCardModule
        restaurantId={restaurantId}
        table={table}
        room={room ?? null}
        hasSession={hasSession}
        signInHref={signInHref}
        onOpenOrder={onOpenOrder}
      />
    </Suspense>
  );
}

/** The pending requests to join a reservation, for its members (loaded with the reservation's screens). */
export function JoinRequests(props: ComponentProps<typeof JoinRequestsPanelModule>) {
  return (
    <Suspense fallback={null}>
      <JoinRequestsPanelModule {...props} />
    </Suspense>
  );
}
