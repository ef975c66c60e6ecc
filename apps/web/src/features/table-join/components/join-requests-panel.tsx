import type { JOIN_REQUEST_EVENTS as CONTRACT_JOIN_EVENTS } from '@comensal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { fileUrl } from '@/lib/api-client';
import { type MessageId, useT } from '@/lib/i18n';
import { useLiveTopic } from '@/lib/live';
import { joinRequestsKey, useAnswerJoinRequest, useJoinRequests } from '@/features/table-join/api/table-link';
import { tableLinkErrorMessage } from '@/features/table-join/table-join-errors';

// The contract's event names, restated so this panel loads no zod; `typeof` keeps them equal.
const JOIN_EVENTS: typeof CONTRACT_JOIN_EVENTS = {
  requested: 'join.requested',
  answered: 'join.answered',
  cancelled: 'join.cancelled',
};
const JOIN_EVENT_NAMES: ReadonlySet<string> = new Set(Object.values(JOIN_EVENTS));

/**
 * The diners asking to join a reservation from its table's QR link (docs/product.md#table-links),
 * shown to every member live: a request appears, is answered or withdrawn on every member's
 * screen without a reload, and any member lets the diner in or declines. Nothing when no one asks.
 */
export function JoinRequestsPanel({
  reservationId,
  enabled = true,
}: {
  reservationId: string;
  enabled?: boolean;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const requests = useJoinRequests(reservationId, enabled);
  const answer = useAnswerJoinRequest(reservationId);
  const [failure, setFailure] = useState<MessageId | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: joinRequestsKey(reservationId) });
  useLiveTopic(
    enabled ? `reservation:${reservationId}` : null,
    (event) => {
      if (JOIN_EVENT_NAMES.has(event.event)) refresh();
    },
    { onResync: refresh },
  );

  const items = requests.data?.items ?? [];
  return (
    <div aria-live="polite">
      {items.length > 0 ? (
        <section
          aria-labelledby="join-requests-title"
          className="flex flex-col gap-3 rounded-2xl border-2 border-brand-800 bg-white p-4"
        >
          <h2 id="join-requests-title" className="text-xl font-bold">
            {t('joinRequests.title')}
          </h2>
          <ul className="flex flex-col gap-3">
            {items.map((request) => {
              const name = request.user.isGuest
                ? t('joinRequests.guestName', { name: request.user.displayName })
                : request.user.displayName;
              const send = (accept: boolean) => {
                setFailure(null);
                answer.mutate(
                  { joinRequestId: request.id, accept },
                  { onError: (error) => setFailure(tableLinkErrorMessage(error)) },
                );
              };
              return (
                <li key={request.id} className="flex flex-wrap items-center gap-3">
                  <Avatar
                    name={request.user.displayName}
                    src={request.user.photoURL ? fileUrl(request.user.photoURL) : null}
                  />
                  <p className="min-w-0 flex-1 text-lg">{t('joinRequests.asks', { name })}</p>
                  <div className="flex gap-2">
                    <Button
                      disabled={answer.isPending}
                      aria-label={t('joinRequests.accept', { name })}
                      onClick={() => send(true)}
                    >
                      {t('joinRequests.acceptShort')}
                    </Button>
                    <Button
                      variant="secondary"
                      disabled={answer.isPending}
                      aria-label={t('joinRequests.reject', { name })}
                      onClick={() => send(false)}
                    >
                      {t('joinRequests.rejectShort')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {failure ? (
        <p role="alert" className="font-semibold text-red-800">
          {t(failure)}
        </p>
      ) : null}
    </div>
  );
}
