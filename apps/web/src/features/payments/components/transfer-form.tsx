import type { MobileTransferDetails, PendingPayment } from '@comensal/contracts';
import { localWeekdayAndTime } from '@comensal/domain';
import { MAX_RECEIPT_BYTES, RECEIPT_MEDIA_TYPES } from '@comensal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { trackHere } from '@/lib/analytics/track';
import { type MessageId, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { newIdempotencyKey, retryUnanswered } from '@/lib/idempotency';
import { billRootKey, submitTransfer, type TransferReport } from '../api';
import { paymentErrorMessage } from '../payment-errors';
import { money } from './money';
import { PAGO_MOVIL_BANKS } from '@/lib/pago-movil-banks';

type Field = 'bankCode' | 'reference' | 'transferDate' | 'receipt';

/**
 * Today in the restaurant's calendar, as YYYY-MM-DD: the date input's default and its latest day.
 * The server judges the transfer's date by the restaurant's day (docs/product.md#pago-movil), and a
 * phone in another time zone (or a browser's clock past midnight before the restaurant's) would
 * otherwise offer a day the server refuses as in the future.
 */
function todayIn(timeZone: string): string {
  return localWeekdayAndTime(new Date(), timeZone).date;
}

/** A first look at the receipt before it travels (the server judges it by its content). */
function receiptProblem(file: File | null): MessageId | null {
  if (!file) return 'transfer.error.receiptRequired';
  if (file.size === 0) return 'transfer.error.receiptEmpty';
  if (file.size > MAX_RECEIPT_BYTES) return 'payment.error.PAYLOAD_TOO_LARGE';
  if (file.type && !(RECEIPT_MEDIA_TYPES as readonly string[]).includes(file.type))
    return 'payment.error.UNSUPPORTED_MEDIA_TYPE';
  return null;
}

/**
 * Pago Móvil: the restaurant's details to copy into the diner's bank app, then the transfer's
 * bank, reference, date and receipt, uploaded with a progress bar.
 */
export function TransferForm({
  payment,
  payee,
  country,
  timeZone,
}: {
  payment: PendingPayment;
  payee: MobileTransferDetails;
  country: string;
  /** The restaurant's (IANA), whose day the transfer's date is judged by. */
  timeZone: string;
}) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [bankCode, setBankCode] = useState('');
  const [reference, setReference] = useState('');
  const [transferDate, setTransferDate] = useState(() => todayIn(timeZone));
  const [receipt, setReceipt] = useState<File | null>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, MessageId>>>({});
  const [progress, setProgress] = useState<number | null>(null);

  // one key per tap on "send", kept across the retries of that tap (lib/idempotency.ts)
  const upload = useMutation({
    mutationFn: ({ report, key }: { report: TransferReport; key: string }) =>
      submitTransfer(payment.reservationId, report, key, (sent, total) =>
        setProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
      ),
    retry: retryUnanswered,
    onSuccess: () => trackHere({ name: 'pay', method: 'mobile_transfer' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billRootKey(payment.reservationId) }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, MessageId>> = {};
    if (!/^\d{4}$/.test(bankCode)) found.bankCode = 'transfer.error.bankRequired';
    if (!/^[0-9A-Za-z-]{4,30}$/.test(reference.trim())) found.reference = 'transfer.error.reference';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(transferDate)) found.transferDate = 'transfer.error.date';
    const fileProblem = receiptProblem(receipt);
    if (fileProblem) found.receipt = fileProblem;
    setProblems(found);
    const first = (['bankCode', 'reference', 'transferDate', 'receipt'] as const).find((f) => found[f]);
    if (first || !receipt) {
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setProgress(0);
    upload.mutate({
      report: { pendingPaymentId: payment.id, bankCode, reference: reference.trim(), transferDate, receipt },
      key: newIdempotencyKey(),
    });
  };

  const copy = (value: string) => {
    void navigator.clipboard
      ?.writeText(value)
      .then(() => notify('success', 'transfer.copied', { value }))
      .catch(() => notify('error', 'transfer.copyFailed'));
  };

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby={`${id}-payee`} className="flex flex-col gap-2 rounded-xl bg-cream p-3">
        <h3 id={`${id}-payee`} className="font-bold">
          {t('transfer.payee.title', { total: money(payment.totalMinor, country) })}
        </h3>
        <dl className="flex flex-col gap-2">
          {(
            [
              ['transfer.payee.bank', `${payee.bankCode} · ${payee.bankName}`, payee.bankCode],
              ['transfer.payee.phone', payee.phone, payee.phone],
              ['transfer.payee.idNumber', payee.idNumber, payee.idNumber],
            ] as const
          ).map(([label, shown, copied]) => (
            <div key={label} className="flex flex-wrap items-center justify-between gap-2">
              <dt className="font-semibold">{t(label)}</dt>
              <dd className="flex items-center gap-2">
                <span data-testid={label}>{shown}</span>
                <Button
                  variant="secondary"
                  onClick={() => copy(copied)}
                  aria-label={t('transfer.copy', { what: t(label) })}
                >
                  {t('transfer.copyShort')}
                </Button>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${id}-form`}>
        <h3 id={`${id}-form`} className="font-bold">
          {t('transfer.form.title')}
        </h3>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-bank`} className="font-semibold">
            {t('transfer.form.bank')}
          </label>
          <select
            id={`${id}-bank`}
            name="bankCode"
            value={bankCode}
            onChange={(event) => setBankCode(event.target.value)}
            aria-invalid={problems.bankCode ? true : undefined}
            aria-describedby={problems.bankCode ? `${id}-bank-error` : undefined}
            className="min-h-12 rounded-xl border-2 border-line bg-white px-3 text-lg"
          >
            <option value="">{t('transfer.form.bankPlaceholder')}</option>
            {PAGO_MOVIL_BANKS.map(([code, name]) => (
              <option key={code} value={code}>
                {code} · {name}
              </option>
            ))}
          </select>
          {problems.bankCode ? (
            <p id={`${id}-bank-error`} className="text-sm font-medium text-red-800">
              {t(problems.bankCode)}
            </p>
          ) : null}
        </div>
        <TextField
          name="reference"
          label={t('transfer.form.reference')}
          hint={t('transfer.form.referenceHint')}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          autoComplete="off"
          error={problems.reference ? t(problems.reference) : undefined}
        />
        <TextField
          name="transferDate"
          type="date"
          label={t('transfer.form.date')}
          value={transferDate}
          max={todayIn(timeZone)}
          onChange={(event) => setTransferDate(event.target.value)}
          error={problems.transferDate ? t(problems.transferDate) : undefined}
        />
        <TextField
          name="receipt"
          type="file"
          label={t('transfer.form.receipt')}
          hint={t('transfer.form.receiptHint')}
          accept={RECEIPT_MEDIA_TYPES.join(',')}
          onChange={(event) => setReceipt(event.target.files?.[0] ?? null)}
          error={problems.receipt ? t(problems.receipt) : undefined}
        />
        {progress !== null && (upload.isPending || upload.isSuccess) ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-progress`} className="text-sm font-semibold">
              {t('transfer.progress', { percent: progress })}
            </label>
            <progress
              id={`${id}-progress`}
              max={100}
              value={progress}
              className="h-3 w-full accent-brand-700"
            />
          </div>
        ) : null}
        {upload.isError ? (
          <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-medium">
            {t(paymentErrorMessage(upload.error))}
          </p>
        ) : null}
        <Button type="submit" size="lg" block disabled={upload.isPending}>
          {upload.isPending ? t('transfer.form.sending') : t('transfer.form.submit')}
        </Button>
      </form>
    </div>
  );
}
