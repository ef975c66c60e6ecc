import {
  ERROR_REPORT_KINDS,
  type ErrorReport,
  type ErrorReportKind,
  type StaffRestaurant,
} from '@comensal/contracts';
import { useId, useState } from 'react';
import { ErrorState } from '@/components/errors/error-state';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useDocumentTitle } from '@/lib/document-title';
import { formatDateTime } from '@/lib/format';
import { type MessageId, useLocale, useT } from '@/lib/i18n';
import { type StaffErrorFilters, useStaffErrors } from '../api/list-staff-errors';

const KIND_LABELS: Readonly<Record<ErrorReportKind, MessageId>> = {
  product_not_found: 'staff.errors.kind.product_not_found',
  menu_load_failed: 'staff.errors.kind.menu_load_failed',
  restaurants_load_failed: 'staff.errors.kind.restaurants_load_failed',
  user_not_found: 'staff.errors.kind.user_not_found',
  ids_missing: 'staff.errors.kind.ids_missing',
  geolocation_unsupported: 'staff.errors.kind.geolocation_unsupported',
  geolocation_failed: 'staff.errors.kind.geolocation_failed',
  guest_transfer_failed: 'staff.errors.kind.guest_transfer_failed',
  invitation_answer_failed: 'staff.errors.kind.invitation_answer_failed',
  uncaught: 'staff.errors.kind.uncaught',
  unhandled_rejection: 'staff.errors.kind.unhandled_rejection',
};

const FIELD = 'min-h-11 rounded-xl border-2 border-line bg-white px-3 text-ink';

function Filters({
  value,
  onChange,
}: {
  value: StaffErrorFilters;
  onChange: (next: StaffErrorFilters) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
      <legend className="sr-only">{t('staff.errors.filters')}</legend>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-kind`} className="font-semibold">
          {t('staff.errors.kind')}
        </label>
        <select
          id={`${id}-kind`}
          className={`${FIELD} max-w-full cursor-pointer`}
          value={value.kind ?? ''}
          onChange={(event) =>
            onChange({
              ...value,
              kind: event.target.value === '' ? null : (event.target.value as ErrorReportKind),
            })
          }
        >
          <option value="">{t('staff.errors.kind.all')}</option>
          {ERROR_REPORT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_LABELS[kind])}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className="font-semibold">
          {t('staff.errors.from')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={FIELD}
          value={value.from ?? ''}
          max={value.to ?? undefined}
          onChange={(event) => onChange({ ...value, from: event.target.value || null })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-to`} className="font-semibold">
          {t('staff.errors.to')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={FIELD}
          value={value.to ?? ''}
          min={value.from ?? undefined}
          onChange={(event) => onChange({ ...value, to: event.target.value || null })}
        />
      </div>
    </fieldset>
  );
}

function ErrorRecord({ record }: { record: ErrorReport }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="font-bold">{t(KIND_LABELS[record.kind])}</h2>
        <time dateTime={record.createdAt} className="text-sm text-ink-muted">
          {formatDateTime(new Date(record.createdAt), locale)}
        </time>
      </div>
      <p className="break-words">{record.message}</p>
      <p className="font-mono text-sm break-all text-ink-muted">
        <span className="sr-only">{t('staff.errors.where')}: </span>
        {record.route}
      </p>
      <details>
        <summary className="min-h-11 cursor-pointer content-center font-semibold text-brand-800">
          {t('staff.errors.details')}
        </summary>
        <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">{t('staff.errors.browser')}</dt>
          <dd className="break-words">{record.userAgent ?? '—'}</dd>
          <dt className="font-semibold">{t('staff.errors.version')}</dt>
          <dd>
            {record.appVersion} · {record.locale}
          </dd>
          {record.reservationId ? (
            <>
              <dt className="font-semibold">{t('staff.errors.reservation')}</dt>
              <dd className="font-mono break-all">{record.reservationId}</dd>
            </>
          ) : null}
        </dl>
        {record.stack ? (
          <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-cream p-2 text-xs whitespace-pre-wrap break-all">
            {record.stack}
          </pre>
        ) : null}
      </details>
    </li>
  );
}

/**
 * `staff.errors` (staff and owners): what broke for diners at this restaurant, newest first — the
 * kind, when, the message and the page; details (browser, version, stack) on demand. Filters by
 * kind and by days; "show more" pages on.
 */
export function ErrorRecordsPage({ restaurant }: { restaurant: StaffRestaurant }) {
  const t = useT();
  const [filters, setFilters] = useState<StaffErrorFilters>({ kind: null, from: null, to: null });
  const records = useStaffErrors(restaurant.id, filters);
  useDocumentTitle(`${t('staff.nav.errors')} · ${restaurant.name}`);
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="staff-errors" className="flex flex-col gap-4">
      <h1 id="staff-errors" className="text-2xl font-bold">
        {t('staff.errors.title')}
      </h1>
      <p className="text-ink-muted">{t('staff.errors.intro')}</p>
      <Filters value={filters} onChange={setFilters} />
      {records.isPending ? (
        <LoadingBlock />
      ) : records.isError ? (
        <ErrorState
          title={t('staff.error.load')}
          onRetry={() => void records.refetch()}
          isRetrying={records.isFetching}
        />
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center">{t('staff.errors.empty')}</p>
      ) : (
        <>
          <ul aria-label={t('staff.errors.listLabel')} className="flex flex-col gap-3">
            {items.map((record) => (
              <ErrorRecord key={record.id} record={record} />
            ))}
          </ul>
          {records.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              {t('staff.errors.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
