import type { JOIN_REQUEST_EVENTS as CONTRACT_JOIN_EVENTS, TableLookup } from '@comensal/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useLocalized, type MessageId, useT } from '@/lib/i18n';
import { type LiveEvent, useLiveTopic } from '@/lib/live';
import {
  useAskToJoin,
  useMarkLetIn,
  useRefreshTableLookups,
  useStartWalkIn,
  useTableLookup,
  useWithdrawJoinRequest,
} from '@/features/table-join/api/table-link';
import { tableLinkErrorMessage } from '@/features/table-join/table-join-errors';

// The contract's event name, restated so this card loads no zod; `typeof` keeps it equal.
const JOIN_ANSWERED: (typeof CONTRACT_JOIN_EVENTS)['answered'] = 'join.answered';

/** A walk-in is for the diner who starts it; the others join through the same code. */
const WALK_IN_PARTY = 1;

const WALK_IN_CLOSED: Readonly<Record<string, MessageId>> = {
  CLOSED: 'tableLink.walkIn.CLOSED',
  CLOSING: 'tableLink.walkIn.CLOSING',
  TAKEN: 'tableLink.walkIn.TAKEN',
};

interface TableLinkCardProps {
  restaurantId: string;
  /** `table` and `room` of the QR link (from the address or remembered for the visit). */
  table: string;
  room: string | null;
  hasSession: boolean;
  /** The auth page, coming back here (a guest session or a sign-in). */
  signInHref: string;
  /** The diner is at the table now (a member, let in, or a walk-in just started): open its order. */
  onOpenOrder: (reservationId: string) => void;
}

function Frame({ title, children, busy = false }: { title: string; children: ReactNode; busy?: boolean }) {
  return (
    <section
      aria-labelledby="table-link-title"
      aria-busy={busy}
      className="flex flex-col gap-3 rounded-2xl border-2 border-brand-800 bg-white p-4"
    >
      <h2 id="table-link-title" className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A table's QR link on the restaurant's pages (docs/product.md#table-links): with a session, the
 * server says whether the table has a current reservation. A member opens its order; anyone else
 * asks its members to be let in and waits here, following the answer live (`join.answered` on
 * `user:me:reservations`), then lands on the order. A free table starts a walk-in in one tap.
 */
export function TableLinkCard({
  restaurantId,
  table,
  room,
  hasSession,
  signInHref,
  onOpenOrder,
}: TableLinkCardProps) {
  const t = useT();
  const localized = useLocalized();
  const lookup = useTableLookup(restaurantId, table, room, hasSession);
  const ask = useAskToJoin();
  const withdraw = useWithdrawJoinRequest();
  const walkIn = useStartWalkIn(restaurantId);
  const refresh = useRefreshTableLookups();
  const markLetIn = useMarkLetIn();
  const [failure, setFailure] = useState<MessageId | null>(null);
  const current = lookup.data?.reservation ?? null;
  const isWaiting = current?.joinRequest?.status === 'pending';
  // Seen waiting: once the lookup says "member", the request was accepted (also after a reconnect).
  // The live "let in" writes the member state into the cache (useMarkLetIn), so a cached "waiting"
  // read again later is never one the diner has left behind.
  const waitedFor = useRef<string | null>(null);

  useLiveTopic(
    isWaiting ? 'user:me:reservations' : null,
    (event: LiveEvent) => {
      if (event.event !== JOIN_ANSWERED) return;
      const data = event.data as { reservationId?: unknown; status?: unknown } | null;
      if (data?.reservationId !== current?.id) return;
      if (data?.status === 'accepted' && current) {
        markLetIn(current.id);
        refresh();
        onOpenOrder(current.id);
      } else refresh();
    },
    { onResync: refresh },
  );

  useEffect(() => {
    if (isWaiting && current) waitedFor.current = current.id;
    else if (current?.isMember && waitedFor.current === current.id) {
      waitedFor.current = null;
      onOpenOrder(current.id);
    }
  }, [current, isWaiting, onOpenOrder]);

  if (!hasSession) {
    return (
      <Frame title={t('tableLink.title')}>
        <p className="text-lg">{t('tableLink.signIn.text')}</p>
        <Link to={signInHref} className={`${buttonClasses({ size: 'lg' })} self-start`}>
          {t('tableLink.signIn.action')}
        </Link>
      </Frame>
    );
  }
  if (lookup.isPending) {
    return (
      <Frame title={t('tableLink.title')} busy>
        <p className="sr-only">{t('tableLink.loading')}</p>
        <Skeleton className="h-12 w-full" />
      </Frame>
    );
  }
  if (lookup.isError) {
    return (
      <Frame title={t('tableLink.title')}>
        <p role="alert" className="text-lg">
          {t(tableLinkErrorMessage(lookup.error))}
        </p>
        <Button variant="secondary" className="self-start" onClick={() => void lookup.refetch()}>
          {t('common.retry')}
        </Button>
      </Frame>
    );
  }

  const found: TableLookup = lookup.data;
  const title = t('tableLink.tableTitle', {
    number: String(found.table.number),
    room: localized(found.table.room),
  });
  const run = (action: () => Promise<unknown>) => {
    setFailure(null);
    action().catch((error: unknown) => {
      setFailure(tableLinkErrorMessage(error));
      refresh();
    });
  };
  const failureLine = failure ? (
    <p role="alert" className="font-semibold text-red-800">
      {t(failure)}
    </p>
  ) : null;

  if (current === null) {
    const { possible, reason } = found.walkIn;
    return (
      <Frame title={title}>
        {possible ? (
          <>
            <p className="text-lg">{t('tableLink.free.text')}</p>
            <Button
              size="lg"
              className="self-start"
              disabled={walkIn.isPending}
              onClick={() =>
                run(async () => {
                  const reservation = await walkIn.mutateAsync({
                    roomId: found.table.roomId,
                    tableId: found.table.tableId,
                    quantity: WALK_IN_PARTY,
                    key: newIdempotencyKey(),
                  });
                  onOpenOrder(reservation.id);
                })
              }
            >
              {t('tableLink.free.action')}
            </Button>
          </>
        ) : (
          <p className="text-lg">{t(WALK_IN_CLOSED[reason ?? 'CLOSED'] ?? 'tableLink.walkIn.CLOSED')}</p>
        )}
        {failureLine}
      </Frame>
    );
  }

  if (current.isMember) {
    return (
      <Frame title={title}>
        <p className="text-lg">{t('tableLink.member.text')}</p>
        <Button size="lg" className="self-start" onClick={() => onOpenOrder(current.id)}>
          {t('tableLink.member.action')}
        </Button>
      </Frame>
    );
  }

  const request = current.joinRequest;
  if (request?.status === 'pending') {
    return (
      <Frame title={title}>
        <p role="status" className="text-lg">
          {t('tableLink.waiting.text')}
        </p>
        <Button
          variant="secondary"
          className="self-start"
          disabled={withdraw.isPending}
          onClick={() => run(() => withdraw.mutateAsync(request.id))}
        >
          {t('tableLink.waiting.withdraw')}
        </Button>
        {failureLine}
      </Frame>
    );
  }

  return (
    <Frame title={title}>
      {request?.status === 'rejected' ? (
        <p role="status" className="text-lg font-semibold">
          {t('tableLink.rejected.text')}
        </p>
      ) : null}
      <p className="text-lg">{t('tableLink.taken.text')}</p>
      <Button
        size="lg"
        className="self-start"
        disabled={ask.isPending}
        onClick={() =>
          run(() =>
            ask
              .mutateAsync({ reservationId: current.id, key: newIdempotencyKey() })
              .catch((error: unknown) => {
                // Let in meanwhile (another tab, an invitation): the table's order is theirs already.
                if (!isApiError(error) || error.code !== 'ALREADY_MEMBER') throw error;
                markLetIn(current.id);
                onOpenOrder(current.id);
              }),
          )
        }
      >
        {request?.status === 'rejected' ? t('tableLink.taken.askAgain') : t('tableLink.taken.ask')}
      </Button>
      {failureLine}
    </Frame>
  );
}
