import type { OrderTotal, PendingPayment, Transaction } from '@comensal/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-web-socket';
import { FakeXhr } from '@/testing/fake-xhr';
import { apiError, json, mockApi } from '@/testing/fetch-mock';
import { sessionAnswer } from '@/testing/fixtures';
import {
  billOrder,
  billOrders,
  billReservation,
  billTotal,
  PAY,
  pendingPayment,
  transaction,
  webpayResult,
} from '@/testing/payment-fixtures';
import { renderApp } from '@/app/testing/render-app';

// The first render of each lazy route module transforms it on the fly (slow on a cold run).
vi.setConfig({ testTimeout: 20_000 });

const BASE = `/restaurants/${PAY.restaurant}/reservations/${PAY.reservation}`;
const BILL = `${BASE}/confirmation`;
/** Pesos as the app shows them (es-CL, no-break space where Intl puts one). */
const clp = (amount: number) =>
  new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 }).format(
    amount,
  );

interface Table {
  total?: OrderTotal;
  pending?: PendingPayment[];
  transactions?: Transaction[];
}

/** The session (Ana, user-1) and the bill's four endpoints; `posted` collects the bodies of writes. */
function mockTable(table: Table = {}) {
  const state = {
    total: table.total ?? billTotal(),
    pending: table.pending ?? [],
    transactions: table.transactions ?? [],
  };
  const posted: Array<{ path: string; body: unknown }> = [];
  mockApi({
    'GET /api/auth/get-session': () => json(sessionAnswer()),
    'GET /api/reservations/:id': () => json(billReservation()),
    'GET /api/reservations/:id/total': () => json(state.total),
    'GET /api/reservations/:id/orders': () => json({ items: billOrders(), nextCursor: null }),
    'GET /api/reservations/:id/pending-payments': () => json({ items: state.pending, nextCursor: null }),
    'GET /api/reservations/:id/transactions': () => json({ items: state.transactions, nextCursor: null }),
  });
  return { state, posted };
}

/** Answers POST …/pending-payments with the server's plan (amounts the browser never computed). */
function planWith(table: ReturnType<typeof mockTable>, plan: PendingPayment) {
  mockApi({
    'POST /api/reservations/:id/pending-payments': async ({ request, url }) => {
      table.posted.push({ path: url.pathname, body: await request.json() });
      table.state.pending = [plan];
      return json(plan, { status: 201 });
    },
  });
}

const radio = (name: string) => screen.getByRole('radio', { name });
const cont = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

/** Answers `path` with 503 first (the answer was lost), then `answer`; the keys it was sent. */
function lostOnce(path: string, answer: () => Response) {
  const keys: (string | null)[] = [];
  mockApi({
    [path]: ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      return keys.length === 1 ? apiError(503, 'INTERNAL') : answer();
    },
  });
  return keys;
}
const expectOneKey = (keys: (string | null)[]) => {
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
};

/** A table that pays in cash only, with the diner's open cash payment. */
const cashTable = () =>
  mockTable({
    total: billTotal({ paymentOptions: { ...billTotal().paymentOptions, methods: ['cash'] } }),
    pending: [pendingPayment({ paymentType: 'cash' })],
  });

/** The server's answer to "I'll pay the waiter": the payment now awaits the restaurant. */
function paidInCash(table: ReturnType<typeof mockTable>): Response {
  table.state.pending = [
    pendingPayment({
      paymentType: 'cash',
      status: 'processing',
      transaction: { id: PAY.transaction, status: 'pending' },
    }),
  ];
  return json(transaction({ paymentType: 'cash', status: 'pending', card: null }), { status: 201 });
}

/** Renders the bill of a Pago Móvil payment, fills the transfer form validly and sends it. */
async function sendTransfer() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.instances = [];
  renderApp(BILL);
  await screen.findByRole('button', { name: 'Send receipt' });
  fireEvent.change(screen.getByRole('combobox', { name: 'Your bank' }), { target: { value: '0102' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Reference' }), { target: { value: '99887766' } });
  fireEvent.change(screen.getByLabelText('Receipt', { exact: true }), {
    target: { files: [new File([new Uint8Array(10)], 'r.pdf', { type: 'application/pdf' })] },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send receipt' }));
  await waitFor(() => expect(FakeXhr.latest()).toBeTruthy());
}

describe('the bill', () => {
  it('shows what the table owes, per diner and in total, and the lines with their state', async () => {
    mockTable({
      total: billTotal({ paidMinor: 9900, pendingMinor: 8500, dueMinor: 15000 }),
    });
    mockApi({
      'GET /api/reservations/:id/orders': () =>
        json({
          items: [
            billOrder(PAY.anaOrder, 'user-1', 'Pastel de choclo', 9900, {
              status: 'paid',
              paidMinor: 9900,
              dueMinor: 0,
            }),
            billOrder(PAY.betoOrder, 'user-2', 'Cazuela', 8500, {
              status: 'pending',
              pendingMinor: 8500,
              dueMinor: 0,
            }),
            billOrder(PAY.sharedOrder, 'user-2', 'Pizza', 15000, { heldMinor: 15000 }),
          ],
          nextCursor: null,
        }),
    });
    renderApp(BILL);
    expect(await screen.findByRole('heading', { level: 1, name: 'The bill' })).toBeTruthy();
    const total = await screen.findByTestId('bill-total');
    expect(within(total).getByText(clp(33400))).toBeTruthy();
    expect(within(total).getByText(clp(9900))).toBeTruthy();
    expect(within(total).getByText(clp(8500))).toBeTruthy();
    expect(screen.getByTestId('bill-due').textContent).toBe(clp(15000));
    const diners = screen.getByTestId('bill-by-diner');
    expect(within(diners).getByText('Ana Pérez')).toBeTruthy();
    expect(diners.textContent).toContain(`Total ${clp(23500)}`);
    const lines = screen.getByRole('region', { name: 'What was ordered' });
    expect(lines.textContent).toContain(`1 × Pastel de choclo · Ana Pérez${clp(9900)} paid`);
    expect(lines.textContent).toContain(`1 × Cazuela · Beto Ruiz${clp(8500)} awaiting confirmation`);
    expect(lines.textContent).toContain(`1 × Pizza · Beto Ruiz${clp(15000)} being paid`);
  });

  it('pays the diner’s own orders by default, requires a tip (none pre-selected) and shows the server’s amounts', async () => {
    const table = mockTable();
    // the server's plan: amounts the screen must show as they come
    planWith(table, pendingPayment({ amountMinor: 9900, tipsMinor: 0, totalMinor: 9900, chosenTips: '0' }));
    renderApp(BILL);
    await screen.findByRole('heading', { level: 2, name: 'Pay' });
    expect((radio('What I ordered') as HTMLInputElement).checked).toBe(true);
    for (const tip of ['No tip (0 %)', '10 %', '15 %', '20 %', 'Another amount']) {
      expect((radio(tip) as HTMLInputElement).checked).toBe(false);
    }
    expect(screen.getByText('The restaurant suggests 10 %, but it is up to you.')).toBeTruthy();
    // only what the restaurant offers
    expect(screen.queryByRole('radio', { name: "Cash: I'll pay the waiter" })).toBeNull();
    fireEvent.click(radio('Card (Webpay)'));
    cont();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Choose a tip (no tip is fine too).');
    expect(document.activeElement).toBe(radio('No tip (0 %)'));
    expect(table.posted).toHaveLength(0);

    fireEvent.click(radio('No tip (0 %)'));
    cont();
    const panel = await screen.findByTestId('pending-payment');
    expect(table.posted[0]?.body).toEqual({
      paymentType: 'webpay',
      chosenTips: '0',
      split: { mode: 'orders', orderIds: [PAY.anaOrder] },
    });
    expect(within(panel).getByTestId('pending-total').textContent).toBe(clp(9900));
    expect(within(panel).getByRole('button', { name: `Pay ${clp(9900)} by card` })).toBeTruthy();
  });

  it.each([
    [
      'any orders of the table',
      () => {
        fireEvent.click(radio('I choose dishes of the table'));
        fireEvent.click(screen.getByRole('checkbox', { name: new RegExp('^1 × Cazuela') }));
      },
      { mode: 'orders', orderIds: [PAY.betoOrder] },
    ],
    [
      'an equal share, 1 of N',
      () => {
        fireEvent.click(radio('An equal share of what is due'));
        fireEvent.change(screen.getByRole('textbox', { name: 'Split between how many? (you pay 1 share)' }), {
          target: { value: '3' },
        });
      },
      { mode: 'equal', parts: 3 },
    ],
    [
      'a custom amount',
      () => {
        fireEvent.click(radio('An amount of my choice'));
        fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '12000' } });
      },
      { mode: 'amount', amountMinor: 12000 },
    ],
    [
      'a share of one dish, k of n',
      () => {
        fireEvent.click(radio('A share of one dish'));
        fireEvent.change(screen.getByRole('combobox', { name: 'Dish' }), {
          target: { value: PAY.sharedOrder },
        });
        fireEvent.change(screen.getByRole('textbox', { name: 'In how many parts? (you pay 1)' }), {
          target: { value: '3' },
        });
      },
      { mode: 'dish', orderId: PAY.sharedOrder, parts: 3 },
    ],
  ])('sends %s as the split, with a custom tip', async (_, choose, split) => {
    const table = mockTable();
    planWith(
      table,
      pendingPayment({ amountMinor: 5000, tipsMinor: 700, totalMinor: 5700, chosenTips: 'custom' }),
    );
    renderApp(BILL);
    await screen.findByRole('heading', { level: 2, name: 'Pay' });
    choose();
    fireEvent.click(radio('Another amount'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Tip amount' }), { target: { value: '700' } });
    fireEvent.click(radio('Pago Móvil'));
    cont();
    await screen.findByTestId('pending-payment');
    expect(table.posted[0]?.body).toEqual({
      paymentType: 'mobile_transfer',
      chosenTips: 'custom',
      tipsMinor: 700,
      split,
    });
    expect(screen.getByTestId('pending-total').textContent).toBe(clp(5700));
  });

  it('asks for a valid number of parts before sending anything', async () => {
    const table = mockTable();
    renderApp(BILL);
    await screen.findByRole('heading', { level: 2, name: 'Pay' });
    fireEvent.click(radio('An equal share of what is due'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Split between how many? (you pay 1 share)' }), {
      target: { value: '0' },
    });
    fireEvent.click(radio('10 %'));
    fireEvent.click(radio('Card (Webpay)'));
    cont();
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a number of parts from 1 to 100.');
    expect(table.posted).toHaveLength(0);
  });

  it.each([
    [
      409,
      'ORDER_ALREADY_PAID',
      undefined,
      'Someone has just paid (or is paying) that dish. Check the bill and choose something else.',
    ],
    [
      400,
      'VALIDATION_FAILED',
      'AMOUNT_EXCEEDS_DUE',
      'The amount is more than what is still due. Enter a smaller one.',
    ],
    [409, 'NOTHING_DUE', 'SHARE_TOO_SMALL', 'The share would be too small. Choose fewer parts.'],
  ])('says what to do on %i %s %s', async (status, code, reason, message) => {
    mockTable();
    mockApi({
      'POST /api/reservations/:id/pending-payments': () =>
        json({ error: { code, message: code, ...(reason && { details: { reason } }) } }, { status }),
    });
    renderApp(BILL);
    await screen.findByRole('heading', { level: 2, name: 'Pay' });
    fireEvent.click(radio('20 %'));
    fireEvent.click(radio('Card (Webpay)'));
    cont();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('follows the table live: a payment elsewhere changes what is due', async () => {
    const table = mockTable();
    renderApp(BILL);
    await waitFor(() => expect(screen.getByTestId('bill-due').textContent).toBe(clp(33400)));
    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    await waitFor(() =>
      expect(socket.sent).toContainEqual({ op: 'subscribe', topic: `reservation:${PAY.reservation}` }),
    );
    table.state.total = billTotal({ paidMinor: 33400, dueMinor: 0 });
    act(() =>
      socket.serverSend({
        topic: `reservation:${PAY.reservation}`,
        event: 'payment.transaction_changed',
        data: {
          reservationId: PAY.reservation,
          pendingPaymentId: PAY.pending,
          transactionId: PAY.transaction,
        },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('bill-due').textContent).toBe(clp(0)));
    expect(screen.getByText('The bill is paid! Nothing is left to pay.')).toBeTruthy();
  });

  it('sends the browser to Webpay with a form POST of token_ws (one key, the same on a retry)', async () => {
    mockTable({ pending: [pendingPayment()] });
    // the first answer is lost (a server failure): the tap's retry carries the same key
    const keys = lostOnce('POST /api/payments/webpay', () =>
      json({ url: 'http://127.0.0.1:9999/webpayserver/initTransaction', token: 'tok-123' }),
    );
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    renderApp(BILL);
    fireEvent.click(await screen.findByRole('button', { name: `Pay ${clp(10890)} by card` }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://127.0.0.1:9999/webpayserver/initTransaction');
    expect(new FormData(form).get('token_ws')).toBe('tok-123');
    expectOneKey(keys);
  });

  it('records "I\'ll pay the waiter" and shows the wait for the restaurant', async () => {
    const table = cashTable();
    mockApi({
      'POST /api/reservations/:id/transactions': async ({ request }) => {
        table.posted.push({ path: 'transactions', body: await request.json() });
        return paidInCash(table);
      },
    });
    renderApp(BILL);
    fireEvent.click(await screen.findByRole('button', { name: "I'll pay the waiter" }));
    expect((await screen.findByTestId('awaiting-confirmation')).textContent).toBe(
      'Pay the waiter: the restaurant will confirm your payment.',
    );
    expect(table.posted[0]?.body).toEqual({ pendingPaymentId: PAY.pending });
    // while the restaurant confirms it, the diner may still pay something else
    expect(await screen.findByRole('heading', { level: 2, name: 'Pay' })).toBeTruthy();
  });

  it('gives the open payment up on request', async () => {
    const table = mockTable({ pending: [pendingPayment()] });
    let cancelled = 0;
    mockApi({
      'DELETE /api/reservations/:id/pending-payments/:ppId': () => {
        cancelled += 1;
        table.state.pending = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp(BILL);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose another way to pay' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Pay' })).toBeTruthy();
    expect(cancelled).toBe(1);
  });
});

describe('one Idempotency-Key per tap, the same on the retries of a lost answer', () => {
  it('preparing a payment', async () => {
    const table = mockTable();
    const keys = lostOnce('POST /api/reservations/:id/pending-payments', () => {
      table.state.pending = [pendingPayment()];
      return json(pendingPayment(), { status: 201 });
    });
    renderApp(BILL);
    await screen.findByRole('heading', { level: 2, name: 'Pay' });
    fireEvent.click(radio('No tip (0 %)'));
    fireEvent.click(radio('Card (Webpay)'));
    cont();
    await screen.findByTestId('pending-payment');
    expectOneKey(keys);
  });

  it('"I\'ll pay the waiter"', async () => {
    const table = cashTable();
    const keys = lostOnce('POST /api/reservations/:id/transactions', () => paidInCash(table));
    renderApp(BILL);
    fireEvent.click(await screen.findByRole('button', { name: "I'll pay the waiter" }));
    await screen.findByTestId('awaiting-confirmation');
    expectOneKey(keys);
  });

  it('uploading a Pago Móvil receipt', async () => {
    mockTable({
      pending: [pendingPayment({ paymentType: 'mobile_transfer', tipsMinor: 0, totalMinor: 9900 })],
    });
    await sendTransfer();
    act(() => FakeXhr.latest()!.fail());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2), { timeout: 5_000 });
    const [first, second] = FakeXhr.instances;
    expect(first!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
  });
});

describe('Pago Móvil', () => {
  const transferTable = () =>
    mockTable({
      pending: [pendingPayment({ paymentType: 'mobile_transfer', tipsMinor: 0, totalMinor: 9900 })],
    });

  it('shows the restaurant’s details with copy buttons', async () => {
    transferTable();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }),
    );
    renderApp(BILL);
    expect(await screen.findByText(`Send ${clp(9900)} by Pago Móvil to:`)).toBeTruthy();
    expect(screen.getByTestId('transfer.payee.phone').textContent).toBe('0412-5550177');
    fireEvent.click(screen.getByRole('button', { name: 'Copy Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy ID number (RIF)' }));
    await waitFor(() => expect(writeText.mock.calls).toEqual([['0412-5550177'], ['J-41234567-0']]));
  });

  it('offers the restaurant’s today as the transfer’s date, not the phone’s', async () => {
    // 01:30 UTC on the 25th is still the 24th in Santiago (UTC-3), whose day the server judges by
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T01:30:00Z'));
    try {
      transferTable();
      renderApp(BILL);
      const date = (await screen.findByLabelText('Transfer date')) as HTMLInputElement;
      expect([date.value, date.max]).toEqual(['2026-11-24', '2026-11-24']);
    } finally {
      vi.useRealTimers();
      process.env.TZ = zone;
    }
  });

  it('checks the form, uploads the receipt with a progress bar and then awaits confirmation', async () => {
    const table = transferTable();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.instances = [];
    renderApp(BILL);
    const send = await screen.findByRole('button', { name: 'Send receipt' });
    fireEvent.click(send);
    expect(await screen.findByText('Choose your bank.')).toBeTruthy();
    expect(screen.getByText('Attach the receipt.')).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(0);

    fireEvent.change(screen.getByRole('combobox', { name: 'Your bank' }), { target: { value: '0134' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Reference' }), { target: { value: 'REF-123456' } });
    fireEvent.change(screen.getByLabelText('Transfer date'), { target: { value: '2030-01-07' } });
    const receipt = new File([new Uint8Array(2048)], 'receipt.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Receipt', { exact: true }), { target: { files: [receipt] } });
    fireEvent.click(send);

    await waitFor(() => expect(FakeXhr.latest()).toBeTruthy());
    const xhr = FakeXhr.latest()!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/reservations/${PAY.reservation}/transactions`);
    expect(xhr.body?.get('pendingPaymentId')).toBe(PAY.pending);
    expect(xhr.body?.get('bankCode')).toBe('0134');
    expect(xhr.body?.get('reference')).toBe('REF-123456');
    expect(xhr.body?.get('transferDate')).toBe('2030-01-07');
    expect((xhr.body?.get('receipt') as File).name).toBe('receipt.png');

    act(() => xhr.progress(1024, 4096));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading the receipt: 25 %' });
    expect(bar.getAttribute('value')).toBe('25');
    act(() => xhr.progress(4096, 4096));
    expect(await screen.findByRole('progressbar', { name: 'Uploading the receipt: 100 %' })).toBeTruthy();

    table.state.pending = [
      pendingPayment({
        paymentType: 'mobile_transfer',
        status: 'processing',
        transaction: { id: PAY.transaction, status: 'pending' },
      }),
    ];
    act(() =>
      xhr.respond(201, transaction({ paymentType: 'mobile_transfer', status: 'pending', card: null })),
    );
    expect((await screen.findByTestId('awaiting-confirmation')).textContent).toBe(
      'We have your receipt: the restaurant is confirming the transfer.',
    );
  });

  it.each([
    [
      409,
      'TRANSFER_DUPLICATE',
      'That bank, reference and date were already used for another payment. Check the reference.',
    ],
    [413, 'PAYLOAD_TOO_LARGE', 'The receipt is larger than 10 MB. Send a lighter photo or PDF.'],
  ])('explains a refused upload (%i %s)', async (status, code, message) => {
    transferTable();
    await sendTransfer();
    act(() => FakeXhr.latest()!.respond(status, { error: { code, message: code } }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('the Webpay result page', () => {
  const resultAt = (token: string) => `${BASE}/payment_successful/${token}`;

  it('shows an approved payment: amount, card, authorization code and what was paid', async () => {
    mockTable();
    mockApi({ 'GET /api/payments/webpay/:token': () => json(webpayResult()) });
    renderApp(resultAt('tok-ok'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment approved!' })).toBeTruthy();
    expect(screen.getByText(clp(9900))).toBeTruthy();
    expect(screen.getByText('ending in 6623')).toBeTruthy();
    expect(screen.getByTestId('authorization-code').textContent).toBe('1213');
    expect(within(await screen.findByTestId('paid-lines')).getByText('1 × Pastel de choclo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the receipt' }).getAttribute('href')).toBe(
      `${BASE}/receipts/${PAY.transaction}`,
    );
  });

  it.each([
    ['rejected', 'Pago rechazado', 'Tu banco rechazó la tarjeta y no se cobró nada.'],
    ['aborted', 'Pago anulado', 'Saliste de Webpay sin pagar'],
    ['timed_out', 'Se agotó el tiempo', 'Webpay da 5 minutos para pagar'],
  ] as const)('says %s in the diner’s language and offers to try again', async (status, title, text) => {
    mockTable();
    mockApi({
      'GET /api/payments/webpay/:token': () =>
        json(webpayResult({ status, cardLast4: null, authorizationCode: null })),
    });
    renderApp(resultAt('tok-x'), { locale: 'es-ES' });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(text);
    expect(screen.queryByTestId('authorization-code')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Intentar de nuevo u otra forma de pago' }).getAttribute('href'),
    ).toBe(BILL);
  });

  it('tells a stranger nothing about a token that is not theirs', async () => {
    mockTable();
    mockApi({ 'GET /api/payments/webpay/:token': () => apiError(404, 'NOT_FOUND') });
    renderApp(resultAt('tok-other'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment not found' })).toBeTruthy();
  });
});

describe('the receipt page', () => {
  it('shows one payment and prints it', async () => {
    // a third of the pizza, in cash, confirmed
    mockTable({
      transactions: [
        transaction({
          paymentType: 'cash',
          card: null,
          amountMinor: 5000,
          tipsMinor: 500,
          orderIds: [PAY.sharedOrder],
          allocations: [{ orderId: PAY.sharedOrder, amountMinor: 5000 }],
        }),
      ],
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp(`${BASE}/receipts/${PAY.transaction}`);
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByText('La Picada')).toBeTruthy();
    expect(within(receipt).getByText(clp(5000))).toBeTruthy();
    expect(within(receipt).getByText("Cash: I'll pay the waiter")).toBeTruthy();
    expect(within(receipt).getByTestId('paid-lines').textContent).toBe(`1 × Pizza: ${clp(5000)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
