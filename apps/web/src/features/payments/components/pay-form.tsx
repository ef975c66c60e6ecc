import type {
  CreatePendingPaymentInput,
  Order,
  OrderTotal,
  PaymentType,
  Split,
  TipChoice,
} from '@comensal/contracts';
import { MAX_SPLIT_PARTS } from '@comensal/contracts';
import { type CurrencyCode, toMinor } from '@comensal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type MessageId, useLocalized, useT } from '@/lib/i18n';
import { newIdempotencyKey, retryUnanswered } from '@/lib/idempotency';
import { billRootKey, createPendingPayment } from '../api';
import { paymentErrorMessage } from '../payment-errors';
import { lineName } from './bill-summary';
import { money } from './money';

type SplitKind = 'mine' | 'orders' | 'equal' | 'amount' | 'dish';
const SPLIT_KINDS: readonly SplitKind[] = ['mine', 'orders', 'equal', 'amount', 'dish'];
const TIP_OPTIONS: readonly TipChoice[] = ['0', '10', '15', '20', 'custom'];

/** A line another payment may still take: not paid, not awaiting confirmation, not all held. */
const isOpen = (order: Order) =>
  (order.payment.status === 'due' || order.payment.status === 'partly_paid') &&
  order.payment.dueMinor > order.payment.heldMinor;

/** A whole number of parts, 1..MAX_SPLIT_PARTS, or null. */
function partsOf(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const parts = Number(text);
  return parts >= 1 && parts <= MAX_SPLIT_PARTS ? parts : null;
}

/** What the diner typed, in minor units of the bill's currency (parsing only; the server decides). */
function minorOf(text: string, currency: CurrencyCode, allowZero: boolean): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  const minor = toMinor(Number(normalized), currency);
  return minor > 0 || (allowZero && minor === 0) ? minor : null;
}

interface Problem {
  field: 'split' | 'tip' | 'method';
  message: MessageId;
}

/**
 * The diner's choice of what to pay (own orders by default, any open lines, an equal share, an
 * amount, a share of one dish), the tip (nothing pre-selected, a choice required) and the
 * method (only those the restaurant offers). Sent as one pending payment: the server answers the
 * amounts, shown before paying.
 */
export function PayForm({
  reservationId,
  userId,
  bill,
  orders,
  country,
}: {
  reservationId: string;
  userId: string;
  bill: OrderTotal;
  orders: Order[];
  country: string;
}) {
  const t = useT();
  const localized = useLocalized();
  const id = useId();
  const queryClient = useQueryClient();
  const open = orders.filter(isOpen);
  const mine = open.filter((order) => order.userId === userId);
  const methods = bill.paymentOptions.methods;

  const [kind, setKind] = useState<SplitKind>(mine.length > 0 ? 'mine' : 'equal');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [parts, setParts] = useState(String(Math.max(bill.byDiner.length, 1)));
  const [amount, setAmount] = useState('');
  const [dish, setDish] = useState('');
  const [dishParts, setDishParts] = useState('2');
  const [tip, setTip] = useState<TipChoice | null>(null);
  const [customTip, setCustomTip] = useState('');
  const [method, setMethod] = useState<PaymentType | null>(
    methods.length === 1 ? (methods[0] ?? null) : null,
  );
  const [problem, setProblem] = useState<Problem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // one key per tap on "continue", kept across the retries of that tap (lib/idempotency.ts)
  const create = useMutation({
    mutationFn: ({ input, key }: { input: CreatePendingPaymentInput; key: string }) =>
      createPendingPayment(reservationId, input, key),
    retry: retryUnanswered,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billRootKey(reservationId) }),
  });

  const splitOf = (): Split | MessageId => {
    switch (kind) {
      case 'mine':
        return mine.length > 0
          ? { mode: 'orders', orderIds: mine.map((o) => o.id) }
          : 'bill.form.error.noOwnOrders';
      case 'orders':
        return chosen.size > 0 ? { mode: 'orders', orderIds: [...chosen] } : 'bill.form.error.ordersRequired';
      case 'equal': {
        const n = partsOf(parts);
        return n === null ? 'bill.form.error.partsInvalid' : { mode: 'equal', parts: n };
      }
      case 'amount': {
        const minor = minorOf(amount, bill.currency, false);
        return minor === null ? 'bill.form.error.amountInvalid' : { mode: 'amount', amountMinor: minor };
      }
      case 'dish': {
        const k = partsOf(dishParts);
        if (!dish) return 'bill.form.error.dishRequired';
        return k === null ? 'bill.form.error.partsInvalid' : { mode: 'dish', orderId: dish, parts: k };
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const split = splitOf();
    const tipsMinor = tip === 'custom' ? minorOf(customTip, bill.currency, true) : undefined;
    const found: Problem | null =
      typeof split === 'string'
        ? { field: 'split', message: split }
        : tip === null
          ? { field: 'tip', message: 'bill.form.error.tipRequired' }
          : tip === 'custom' && tipsMinor === null
            ? { field: 'tip', message: 'bill.form.error.customTipInvalid' }
            : method === null
              ? { field: 'method', message: 'bill.form.error.methodRequired' }
              : null;
    setProblem(found);
    if (found || typeof split === 'string' || tip === null || method === null) {
      if (found)
        formRef.current
          ?.querySelector(`[data-group="${found.field}"]`)
          ?.querySelector<HTMLInputElement | HTMLSelectElement>('input, select')
          ?.focus();
      return;
    }
    create.mutate({
      input: {
        paymentType: method,
        chosenTips: tip,
        split,
        ...(tip === 'custom' && tipsMinor !== null && tipsMinor !== undefined && { tipsMinor }),
      },
      key: newIdempotencyKey(),
    });
  };

  const errorFor = (field: Problem['field']) =>
    problem?.field === field ? (
      <p id={`${id}-${field}-error`} role="alert" className="font-medium text-red-800">
        {t(problem.message)}
      </p>
    ) : null;
  const describedBy = (field: Problem['field']) =>
    problem?.field === field ? `${id}-${field}-error` : undefined;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-6"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('bill.form.title')}
      </h2>

      <fieldset data-group="split" aria-describedby={describedBy('split')} className="flex flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold">{t('bill.form.split.legend')}</legend>
        {SPLIT_KINDS.map((value) => (
          <div key={value} className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3">
            <Radio
              name={`${id}-split`}
              value={value}
              checked={kind === value}
              onChange={() => {
                setKind(value);
                setProblem(null);
              }}
              label={t(`bill.form.split.${value}`)}
            />
            {kind === value ? (
              <SplitDetails>
                {value === 'mine' ? (
                  mine.length > 0 ? (
                    <ul className="text-sm">
                      {mine.map((order) => (
                        <li key={order.id}>
                          {lineName(order, localized, t)} · {money(order.payment.dueMinor, country)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-sm">{t('bill.form.error.noOwnOrders')}</p>
                  )
                ) : value === 'orders' ? (
                  <fieldset className="flex flex-col gap-1">
                    <legend className="sr-only">{t('bill.form.split.orders')}</legend>
                    {open.map((order) => (
                      <label key={order.id} className="flex min-h-11 items-center gap-3">
                        <input
                          type="checkbox"
                          className="size-5"
                          checked={chosen.has(order.id)}
                          onChange={(event) => {
                            const next = new Set(chosen);
                            if (event.target.checked) next.add(order.id);
                            else next.delete(order.id);
                            setChosen(next);
                          }}
                        />
                        {t('bill.form.orderOption', {
                          name: lineName(order, localized, t),
                          diner: order.user.displayName,
                          due: money(order.payment.dueMinor, country),
                        })}
                      </label>
                    ))}
                  </fieldset>
                ) : value === 'equal' ? (
                  <TextField
                    label={t('bill.form.equal.parts')}
                    hint={t('bill.form.equal.hint', { due: money(bill.dueMinor, country) })}
                    value={parts}
                    onChange={(event) => setParts(event.target.value)}
                    autoComplete="off"
                    inputMode="numeric"
                  />
                ) : value === 'amount' ? (
                  <TextField
                    label={t('bill.form.amount.label')}
                    hint={t('bill.form.amount.hint', { due: money(bill.dueMinor, country) })}
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                    autoComplete="off"
                    inputMode="decimal"
                  />
                ) : (
                  <>
                    <div className="flex flex-col gap-1.5">
                      <label htmlFor={`${id}-dish`} className="font-semibold">
                        {t('bill.form.dish.label')}
                      </label>
                      <select
                        id={`${id}-dish`}
                        className="min-h-12 rounded-xl border-2 border-line bg-white px-3 text-lg font-normal"
                        value={dish}
                        onChange={(event) => setDish(event.target.value)}
                      >
                        <option value="">{t('bill.form.dish.placeholder')}</option>
                        {open.map((order) => (
                          <option key={order.id} value={order.id}>
                            {t('bill.form.orderOption', {
                              name: lineName(order, localized, t),
                              diner: order.user.displayName,
                              due: money(order.payment.dueMinor, country),
                            })}
                          </option>
                        ))}
                      </select>
                    </div>
                    <TextField
                      label={t('bill.form.dish.parts')}
                      hint={t('bill.form.dish.hint')}
                      value={dishParts}
                      onChange={(event) => setDishParts(event.target.value)}
                      autoComplete="off"
                      inputMode="numeric"
                    />
                  </>
                )}
              </SplitDetails>
            ) : null}
          </div>
        ))}
        {errorFor('split')}
      </fieldset>

      <fieldset data-group="tip" aria-describedby={describedBy('tip')} className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-semibold">{t('bill.form.tip.legend')}</legend>
        {bill.paymentOptions.suggestedTipPercent !== null ? (
          <p className="text-sm text-ink-muted">
            {t('bill.form.tip.suggested', { percent: bill.paymentOptions.suggestedTipPercent })}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {TIP_OPTIONS.map((value) => (
            <Radio
              key={value}
              name={`${id}-tip`}
              value={value}
              checked={tip === value}
              onChange={() => {
                setTip(value);
                setProblem(null);
              }}
              label={
                value === 'custom'
                  ? t('bill.form.tip.custom')
                  : value === '0'
                    ? t('bill.form.tip.none')
                    : t('bill.form.tip.percent', { percent: value })
              }
              boxed
            />
          ))}
        </div>
        {tip === 'custom' ? (
          <TextField
            label={t('bill.form.tip.customAmount')}
            value={customTip}
            onChange={(event) => setCustomTip(event.target.value)}
            autoComplete="off"
            inputMode="decimal"
          />
        ) : null}
        {errorFor('tip')}
      </fieldset>

      <fieldset data-group="method" aria-describedby={describedBy('method')} className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-semibold">{t('bill.form.method.legend')}</legend>
        {methods.map((value) => (
          <Radio
            key={value}
            name={`${id}-method`}
            value={value}
            checked={method === value}
            onChange={() => {
              setMethod(value);
              setProblem(null);
            }}
            label={t(`bill.method.${value}`)}
            boxed
          />
        ))}
        {errorFor('method')}
      </fieldset>

      {create.isError ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-medium">
          {t(paymentErrorMessage(create.error))}
        </p>
      ) : null}
      <Button type="submit" size="lg" block disabled={create.isPending}>
        {create.isPending ? t('bill.form.submitting') : t('bill.form.submit')}
      </Button>
    </form>
  );
}

function SplitDetails({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-3 pl-8">{children}</div>;
}

function Radio({
  name,
  value,
  checked,
  onChange,
  label,
  boxed = false,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  boxed?: boolean;
}) {
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-center gap-3 font-medium${
        boxed
          ? ' rounded-xl border-2 border-line bg-white px-3 has-checked:border-brand-700 has-checked:bg-brand-50'
          : ''
      }`}
    >
      <input
        type="radio"
        className="size-5"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
      />
      {label}
    </label>
  );
}
