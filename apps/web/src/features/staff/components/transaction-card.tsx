import { MAX_REJECTION_REASON_LENGTH, type StaffTransaction } from '@comensal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useLocale, useLocalized, useT } from '@/lib/i18n';
import { formatDateTime, formatLocalDate } from '@/lib/format';
import { bankLabel } from '@/lib/pago-movil-banks';
import { confirmTransaction, rejectTransaction, useDecideTransaction } from '../api/staff-transactions';
import { staffErrorMessage } from '../staff-errors';
import { staffMoney } from '../staff-money';
import { ReceiptViewer } from './receipt-viewer';

/** A rejection reason as typed: the message to show when it cannot be sent, or null. */
export function reasonError(
  reason: string,
): 'staff.payments.reasonRequired' | 'staff.payments.reasonTooLong' | null {
  const trimmed = reason.trim();
  if (trimmed.length === 0) return 'staff.payments.reasonRequired';
  if (trimmed.length > MAX_REJECTION_REASON_LENGTH) return 'staff.payments.reasonTooLong';
  return null;
}

/** One payment waiting for staff: what was declared, the receipt, confirm, or reject with a reason. */
export function TransactionCard({
  transaction,
  restaurantId,
}: {
  transaction: StaffTransaction;
  restaurantId: string;
}) {
  const t = useT();
  const { locale } = useLocale();
  const localized = useLocalized();
  const money = (amount: number) => staffMoney(amount, transaction.currency);
  const place = transaction.reservation.table
    ? t('staff.payments.table', {
        number: transaction.reservation.table.number,
        room: localized(transaction.reservation.table.room),
      })
    : t('staff.board.pickup');
  const id = useId();
  const [isRejecting, setIsRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonMessage, setReasonMessage] = useState<ReturnType<typeof reasonError>>(null);
  const confirm = useDecideTransaction(restaurantId, confirmTransaction);
  const reject = useDecideTransaction(restaurantId, (text: string) =>
    rejectTransaction(transaction.id, text),
  );
  const failure = confirm.error ?? reject.error;
  const isBusy = confirm.isPending || reject.isPending;
  const isTransfer = transaction.paymentType === 'mobile_transfer';
  const headingId = `${id}-title`;

  const onReject = (event: FormEvent) => {
    event.preventDefault();
    const problem = reasonError(reason);
    setReasonMessage(problem);
    if (problem) return;
    confirm.reset();
    reject.mutate(reason.trim());
  };

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id={headingId} className="text-xl font-bold">
        {t(isTransfer ? 'staff.payments.transfer' : 'staff.payments.cash')} ·{' '}
        {money(transaction.amountMinor + transaction.tipsMinor)}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-ink-muted">{t('staff.payments.where')}</dt>
        <dd>
          {place} · {formatLocalDate(transaction.reservation.date, locale)} {transaction.reservation.startAt}
        </dd>
        <dt className="text-ink-muted">{t('staff.payments.payer')}</dt>
        <dd className="font-semibold">{transaction.payer.displayName}</dd>
        <dt className="text-ink-muted">{t('staff.payments.amount')}</dt>
        <dd>
          {money(transaction.amountMinor)}
          {transaction.tipsMinor > 0
            ? ` + ${t('staff.payments.tip', { amount: money(transaction.tipsMinor) })}`
            : null}
        </dd>
        {isTransfer && transaction.report ? (
          <>
            <dt className="text-ink-muted">{t('staff.payments.bank')}</dt>
            <dd>{transaction.report.bankCode ? bankLabel(transaction.report.bankCode) : '—'}</dd>
            <dt className="text-ink-muted">{t('staff.payments.reference')}</dt>
            <dd className="font-mono">{transaction.report.reference ?? '—'}</dd>
            <dt className="text-ink-muted">{t('staff.payments.transferDate')}</dt>
            <dd>
              {transaction.report.transferDate
                ? formatLocalDate(transaction.report.transferDate, locale)
                : '—'}
            </dd>
          </>
        ) : null}
        <dt className="text-ink-muted">{t('staff.payments.sentAt')}</dt>
        <dd>{formatDateTime(new Date(transaction.createdAt), locale)}</dd>
      </dl>
      {transaction.receipt ? (
        <ReceiptViewer
          receipt={transaction.receipt}
          label={t('staff.payments.receiptOf', { name: transaction.payer.displayName })}
        />
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold">
          {t(staffErrorMessage(failure))}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={isBusy}
          onClick={() => {
            reject.reset();
            confirm.mutate(transaction.id);
          }}
        >
          {t('staff.payments.confirm')}
        </Button>
        {!isRejecting ? (
          <Button variant="secondary" disabled={isBusy} onClick={() => setIsRejecting(true)}>
            {t('staff.payments.reject')}
          </Button>
        ) : null}
      </div>
      {isRejecting ? (
        <form noValidate onSubmit={onReject} className="flex flex-col gap-2">
          <label htmlFor={`${id}-reason`} className="font-semibold">
            {t('staff.payments.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            required
            maxLength={MAX_REJECTION_REASON_LENGTH + 100}
            aria-invalid={reasonMessage ? true : undefined}
            aria-describedby={reasonMessage ? `${id}-reason-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
            rows={2}
            className="rounded-xl border-2 border-line bg-white px-3 py-2 aria-invalid:border-red-700"
          />
          {reasonMessage ? (
            <p id={`${id}-reason-error`} className="text-sm font-medium text-red-800">
              {t(reasonMessage)}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={isBusy}>
              {t('staff.payments.rejectSend')}
            </Button>
            <Button variant="ghost" onClick={() => setIsRejecting(false)}>
              {t('staff.payments.rejectCancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </article>
  );
}
