import type { StaffAuditAction, StaffAuditEntry, StaffRestaurant } from '@comensal/contracts';
import { ErrorState } from '@/components/errors/error-state';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useDocumentTitle } from '@/lib/document-title';
import { formatDateTime } from '@/lib/format';
import { type MessageId, useLocale, useT } from '@/lib/i18n';
import { useStaffAudit } from '../api/list-staff-audit';

const ACTION_LABELS: Readonly<Record<StaffAuditAction, MessageId>> = {
  'transaction.confirmed': 'staff.audit.action.transaction.confirmed',
  'transaction.rejected': 'staff.audit.action.transaction.rejected',
  'reservation.status_changed': 'staff.audit.action.reservation.status_changed',
  'reservation.orders_ready': 'staff.audit.action.reservation.orders_ready',
  'reservation.assistance_cleared': 'staff.audit.action.reservation.assistance_cleared',
  'product.updated': 'staff.audit.action.product.updated',
  'staff.added': 'staff.audit.action.staff.added',
  'staff.removed': 'staff.audit.action.staff.removed',
};

/** A recorded value as text (names, prices, flags are shown as stored). */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** "field: before → after" for every field the action changed. */
export function auditChanges(entry: Pick<StaffAuditEntry, 'before' | 'after'>): string[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((key) => `${key}: ${auditValue(entry.before?.[key])} → ${auditValue(entry.after?.[key])}`);
}

/** `staff.audit` (owners): every staff action — who, what, when, before → after. */
export function StaffAuditPage({ restaurant }: { restaurant: StaffRestaurant }) {
  const t = useT();
  const { locale } = useLocale();
  const audit = useStaffAudit(restaurant.id);
  useDocumentTitle(`${t('staff.nav.audit')} · ${restaurant.name}`);
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="staff-audit" className="flex flex-col gap-4">
      <h1 id="staff-audit" className="text-2xl font-bold">
        {t('staff.audit.title')}
      </h1>
      {audit.isPending ? (
        <LoadingBlock />
      ) : audit.isError ? (
        <ErrorState
          title={t('staff.error.load')}
          onRetry={() => void audit.refetch()}
          isRetrying={audit.isFetching}
        />
      ) : entries.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center">{t('staff.audit.empty')}</p>
      ) : (
        <>
          {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
          <div
            role="region"
            aria-label={t('staff.audit.tableLabel')}
            tabIndex={0}
            className="overflow-x-auto rounded-2xl border border-line bg-white"
          >
            <table className="w-full text-left">
              <thead className="bg-cream">
                <tr>
                  <th scope="col" className="p-3">
                    {t('staff.audit.when')}
                  </th>
                  <th scope="col" className="p-3">
                    {t('staff.audit.who')}
                  </th>
                  <th scope="col" className="p-3">
                    {t('staff.audit.what')}
                  </th>
                  <th scope="col" className="p-3">
                    {t('staff.audit.change')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} className="border-t border-line align-top">
                    <td className="p-3 whitespace-nowrap">
                      {formatDateTime(new Date(entry.createdAt), locale)}
                    </td>
                    <td className="p-3">{entry.actor.displayName}</td>
                    <td className="p-3">{t(ACTION_LABELS[entry.action])}</td>
                    <td className="p-3">
                      <ul className="font-mono text-sm break-all">
                        {auditChanges(entry).map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {audit.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={audit.isFetchingNextPage}
              onClick={() => void audit.fetchNextPage()}
            >
              {t('staff.audit.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
