import type { Order, OrderTotal, Reservation } from '@comensal/contracts';
import { formatMoney } from '@comensal/domain';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { href } from '@/config/paths';
import { fileUrl } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { useOrderTotal } from '@/features/orders/api/get-order-total';
import { useOrders } from '@/features/orders/api/list-orders';
import { useOrdering } from '@/features/orders/ordering';
import { useReservationLabel } from '@/features/orders/reservation-label';
import { useLiveOrders } from '@/features/orders/use-live-orders';
import { OrderLine } from './order-line';

interface DinerGroup {
  user: Order['user'];
  orders: Order[];
}

/** The orders by diner: the viewer first, then the others in the order they first ordered. */
export function groupByDiner(orders: readonly Order[], viewerId: string): DinerGroup[] {
  const groups = new Map<string, DinerGroup>();
  for (const order of orders) {
    const group = groups.get(order.userId);
    if (group) group.orders.push(order);
    else groups.set(order.userId, { user: order.user, orders: [order] });
  }
  return [...groups.values()].sort((a, b) => Number(b.user.id === viewerId) - Number(a.user.id === viewerId));
}

function DinerOrders({
  group,
  total,
  isViewer,
  country,
}: {
  group: DinerGroup;
  total: OrderTotal['byDiner'][number] | undefined;
  isViewer: boolean;
  country: string;
}) {
  const t = useT();
  const ordering = useOrdering();
  const headingId = useId();
  const money = (minor: number) => formatMoney(minor, country);
  const subtotal = total?.totalMinor ?? group.orders.reduce((sum, order) => sum + order.priceMinor, 0);
  const name = isViewer ? t('order.diner.you', { name: group.user.displayName }) : group.user.displayName;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="diner-orders"
      className="flex flex-col gap-1 rounded-2xl border border-line bg-white px-4 pt-4 pb-1"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="flex min-w-0 items-center gap-3 text-xl font-bold">
          <Avatar
            name={group.user.displayName}
            src={group.user.photoURL ? fileUrl(group.user.photoURL) : null}
          />
          <span className="min-w-0 break-words">{name}</span>
        </h3>
        <p className="font-semibold">
          {t('order.diner.subtotal', { total: money(subtotal) })}
          {total && total.dueMinor !== total.totalMinor ? (
            <span className="block text-right text-sm font-normal text-ink-muted">
              {t('order.diner.due', { due: money(total.dueMinor) })}
            </span>
          ) : null}
        </p>
      </div>
      <ul aria-label={t('order.diner.lines', { name: group.user.displayName })}>
        {group.orders.map((order) => (
          <OrderLine
            key={order.id}
            order={order}
            product={order.productId ? ordering?.products?.get(order.productId) : undefined}
            isProductLoading={ordering !== null && ordering.products === null}
            isMine={isViewer}
            country={country}
          />
        ))}
      </ul>
    </section>
  );
}

function Totals({ total, country }: { total: OrderTotal; country: string }) {
  const t = useT();
  const headingId = useId();
  const money = (minor: number) => formatMoney(minor, country);
  const row = (label: string, minor: number, testId: string, strong = false) => (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-line py-2 last:border-b-0">
      <dt className={strong ? 'text-lg font-bold' : 'text-ink-muted'}>{label}</dt>
      <dd
        data-testid={testId}
        data-amount-minor={minor}
        className={strong ? 'text-xl font-bold' : 'font-semibold'}
      >
        {money(minor)}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-2xl font-bold">
        {t('order.total.title')}
      </h2>
      <dl className="rounded-2xl border border-line bg-white px-4 py-2">
        {total.deliveryMinor > 0
          ? row(t('order.total.orders'), total.ordersMinor, 'order-total-orders')
          : null}
        {total.deliveryMinor > 0
          ? row(t('order.line.delivery'), total.deliveryMinor, 'order-total-delivery')
          : null}
        {row(t('order.total.total'), total.totalMinor, 'order-total', true)}
        {row(t('order.total.paid'), total.paidMinor, 'order-total-paid')}
        {total.pendingMinor > 0
          ? row(t('order.total.pending'), total.pendingMinor, 'order-total-pending')
          : null}
        {row(t('order.total.due'), total.dueMinor, 'order-total-due')}
      </dl>
    </section>
  );
}

/**
 * `restaurant.reservation.order`: the table's order, live for every member — each diner's lines
 * (name and photo, options, comments, quantity, price, payment state) with their subtotal, and
 * the table's total as the server counts it. The viewer may change or remove their unpaid lines.
 */
export function TableOrderPage({
  reservation,
  userId,
  joinRequests,
  notices,
  isLoadingAbove = false,
}: {
  reservation: Reservation;
  userId: string;
  /** The diners asking to join from the table's QR link (composed by the route). */
  joinRequests?: ReactNode;
  /** What the restaurant tells the table (the "orders ready" banner; composed by the route). */
  notices?: ReactNode;
  /**
   * What goes above the orders (the join requests) is still being asked for. The orders, the
   * panel and the total then wait together behind the skeleton, so that nothing arriving later
   * above them pushes them down (a layout shift; e2e/orders.spec.ts measures it).
   */
  isLoadingAbove?: boolean;
}) {
  const t = useT();
  const labelOf = useReservationLabel();
  const orders = useOrders(reservation.id);
  const total = useOrderTotal(reservation.id);
  useLiveOrders(reservation.id);
  useDocumentTitle(t('page.restaurant.reservation.order.title'));
  const country = reservation.restaurant.country;
  const params = { restaurantId: reservation.restaurantId, reservationId: reservation.id };

  // Everything from the join requests down appears in one render: the orders, the requests
  // above them and the total below them, whichever answer comes last.
  const isLoading = orders.isPending || isLoadingAbove;
  let body;
  if (isLoading) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-3">
        <p className="sr-only">{t('order.loading')}</p>
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  } else if (orders.isError) {
    body = (
      <ErrorState
        title={t('order.error.load')}
        onRetry={() => void orders.refetch()}
        isRetrying={orders.isFetching}
      />
    );
  } else if (orders.data.items.length === 0) {
    body = (
      <p className="rounded-2xl border border-line bg-white p-6 text-center text-lg">{t('order.empty')}</p>
    );
  } else {
    body = (
      <section aria-labelledby="diners-title" className="flex flex-col gap-3">
        <h2 id="diners-title" className="text-2xl font-bold">
          {t('order.diners.title')}
        </h2>
        {groupByDiner(orders.data.items, userId).map((group) => (
          <DinerOrders
            key={group.user.id}
            group={group}
            total={total.data?.byDiner.find((diner) => diner.userId === group.user.id)}
            isViewer={group.user.id === userId}
            country={country}
          />
        ))}
      </section>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{t('page.restaurant.reservation.order.title')}</h1>
        <p className="text-lg">
          {reservation.restaurant.name} · {labelOf(reservation)}
        </p>
      </header>
      {reservation.isCurrent ? (
        <div className="flex flex-wrap gap-2">
          <Link
            to={href('restaurant.menu', { restaurantId: reservation.restaurantId })}
            className={buttonClasses()}
          >
            {t('order.addFromMenu')}
          </Link>
          <Link
            to={href('restaurant.reservation.summary', params)}
            className={buttonClasses({ variant: 'secondary' })}
          >
            {t('reservation.action.summary')}
          </Link>
        </div>
      ) : (
        <p role="status" className="rounded-xl border-2 border-line bg-cream p-3 font-semibold">
          {t('order.closed')}
        </p>
      )}
      {notices}
      {/* mounted from the start (its live updates), shown with the orders */}
      {joinRequests ? <div hidden={isLoading}>{joinRequests}</div> : null}
      {body}
      {isLoading ? null : total.data ? (
        <Totals total={total.data} country={country} />
      ) : total.isError ? (
        <ErrorState
          title={t('order.error.total')}
          onRetry={() => void total.refetch()}
          isRetrying={total.isFetching}
        />
      ) : orders.isSuccess ? (
        <Skeleton className="h-40 w-full" />
      ) : null}
    </section>
  );
}
