import type { StaffRestaurant } from '@comensal/contracts';
import { staffTopic } from '@comensal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ErrorState } from '@/components/errors/error-state';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useDocumentTitle } from '@/lib/document-title';
import { formatLocalDate } from '@/lib/format';
import { useLocale, useLocalized, useT } from '@/lib/i18n';
import { useLiveTopic } from '@/lib/live';
import {
  answerAssistance,
  markOrdersReady,
  setReservationStatus,
  useBoardAction,
} from '../api/board-actions';
import { staffBoardRootKey, useStaffBoard } from '../api/get-staff-board';
import type { BoardCue } from '../board-cues';
import { isHighlighted } from '../board-cues';
import { useMuted } from '../cue-sound';
import { groupBoard } from '../group-board';
import { useBoardCues } from '../use-board-cues';
import { type BoardActions, BoardReservationCard, placeOf } from './board-reservation-card';
import { StaffDayPicker, useStaffDay } from './staff-day';

/** `staff.board`: the day's tables, live; a cue (highlight, announcement, beep) on each call and order. */
export function StaffBoardPage({ restaurant }: { restaurant: StaffRestaurant }) {
  const t = useT();
  const localized = useLocalized();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [date, setDate] = useStaffDay();
  const board = useStaffBoard(restaurant.id, date);
  const [muted, setMuted] = useMuted();
  useDocumentTitle(`${t('staff.nav.board')} · ${restaurant.name}`);

  const refetch = () => void queryClient.invalidateQueries({ queryKey: staffBoardRootKey(restaurant.id) });
  useLiveTopic(staffTopic(restaurant.id), refetch, { onResync: refetch });

  const reservations = board.data?.reservations;
  const labelOf = (reservationId: string) => {
    const reservation = reservations?.find((entry) => entry.id === reservationId);
    return reservation ? placeOf(reservation, t) : '';
  };
  const describe = (cues: ReadonlyArray<BoardCue>) =>
    cues
      .map((cue) =>
        cue.kind === 'assistance'
          ? t('staff.cue.assistance', { table: labelOf(cue.reservationId) })
          : t('staff.cue.order', { table: labelOf(cue.reservationId), count: cue.count }),
      )
      .join(' ');
  const cues = useBoardCues(`${restaurant.id}:${date ?? 'today'}`, reservations, describe);

  const seat = useBoardAction(restaurant.id, (id: string) => setReservationStatus(id, 'seated'));
  const complete = useBoardAction(restaurant.id, (id: string) => setReservationStatus(id, 'completed'));
  const answer = useBoardAction(restaurant.id, answerAssistance);
  const ready = useBoardAction(restaurant.id, markOrdersReady);
  const busy = [seat, complete, answer, ready].find((mutation) => mutation.isPending);
  const actions: BoardActions = {
    onSeat: (id) => seat.mutate(id),
    onComplete: (id) => complete.mutate(id),
    onAnswer: (id) => answer.mutate(id),
    onReady: (id) => ready.mutate(id),
    busyId: busy?.variables ?? null,
  };

  const rooms = useMemo(() => groupBoard(reservations ?? []), [reservations]);
  const waiting = reservations?.filter((reservation) => reservation.requestedAssistance).length ?? 0;

  return (
    <section aria-labelledby="staff-board" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="staff-board" className="text-2xl font-bold">
            {t('staff.board.title')}
          </h1>
          {board.data ? <p className="text-ink-muted">{formatLocalDate(board.data.date, locale)}</p> : null}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <StaffDayPicker
            label={t('staff.board.date')}
            value={date ?? board.data?.date ?? restaurant.today}
            onChange={setDate}
          />
          <Button variant="secondary" aria-pressed={muted} onClick={() => setMuted(!muted)}>
            {t(muted ? 'staff.sound.off' : 'staff.sound.on')}
          </Button>
        </div>
      </div>
      <p aria-live="polite" role="status" className="sr-only">
        {cues.announcement}
      </p>
      {waiting > 0 ? (
        <p className="rounded-xl bg-red-700 px-4 py-2 text-lg font-bold text-white">
          {t('staff.board.waiting', { count: waiting })}
        </p>
      ) : null}
      {board.isPending ? (
        <LoadingBlock />
      ) : board.isError ? (
        <ErrorState title={t('staff.error.load')} onRetry={refetch} isRetrying={board.isFetching} />
      ) : rooms.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center">{t('staff.board.empty')}</p>
      ) : (
        rooms.map((room) => (
          <section
            key={room.roomId ?? 'none'}
            aria-label={room.room ? localized(room.room) : t('staff.board.noTable')}
          >
            <h2 className="mb-2 text-xl font-bold">
              {room.room ? localized(room.room) : t('staff.board.noTable')}
            </h2>
            <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
              {room.reservations.map((reservation) => (
                <BoardReservationCard
                  key={reservation.id}
                  reservation={reservation}
                  currency={board.data.currency}
                  isHighlighted={isHighlighted(cues.highlights, reservation.id, cues.now)}
                  actions={actions}
                />
              ))}
            </div>
          </section>
        ))
      )}
    </section>
  );
}
