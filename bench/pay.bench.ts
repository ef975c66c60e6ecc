// Paying at the table (issue "Split and pay"), on the real app (bench-server.ts: embedded
// PostgreSQL, the built SPA, Webpay in its default built-in sandbox at the app's own origin).
//
// 1. Card, from "Pay" to the approved page: every HTTP round trip the diner's browser makes,
//    followed by hand (no automatic redirects) and timed one by one —
//      Pay tap:     POST …/pending-payments (the split and tip chosen), POST /api/payments/webpay,
//                   the form POST of `token_ws` to the card page;
//      Approve tap: the card page's form POST (303 to the return URL), the return (303 to the
//                   result page), the result page's document, GET /api/payments/webpay/:token.
//    The SPA's scripts and styles are not counted (hashed, cached after the first visit). The
//    time the diner spends looking at the card page is not in the figures.
// 2. Pago Móvil: the upload of a ~5 MB photo of a receipt (a 12-megapixel JPEG) with the transfer
//    form, POST …/transactions (checked by content, re-encoded, stored privately).
//
// Prints the trips and taps, and p50 / p95 of each; never fails on a figure. BENCH_PAY_ROUNDS
// (default 30) and BENCH_UPLOAD_ROUNDS (default 10) adjust it.
import type { Order, PendingPayment, WebpayResult, WebpayStart } from '@comensal/contracts';
import { RECEIPT_FIELD } from '@comensal/contracts';
import sharp from 'sharp';
import { noiseBytes } from '../apps/server/src/payments/receipts/testing/fixtures.ts';
import type { BenchServerInfo } from './lib/bench-server.ts';
import { api, BENCH_ZONE, dateIn, figures, guestWithReservation, type Diner } from './lib/diner.ts';
import { describeMachine, ensureWebBuild, mark, startChild, WEB_DIST } from './lib/harness.ts';

const PAY_ROUNDS = Number(process.env.BENCH_PAY_ROUNDS ?? 30);
const UPLOAD_ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 10);
const PHOTO_BYTES = 5_000_000;

/** One round trip: what the browser sent, what came back, how long it took. */
interface Trip {
  step: string;
  tap: 'Pay' | 'Approve';
  status: number;
  ms: number;
}

/** A request with redirects left to the caller (the browser's view: one request, one answer). */
async function timed(trips: Trip[], step: string, tap: Trip['tap'], url: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(url, { redirect: 'manual', ...init });
  const body = await response.text();
  trips.push({ step, tap, status: response.status, ms: performance.now() - started });
  return { response, body };
}

function expectStatus(step: string, status: number, expected: number[], body: string) {
  if (!expected.includes(status)) throw new Error(`${step} answered ${status}: ${body.slice(0, 300)}`);
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The card page's form: its action and the fields the Approve button sends. */
function approveForm(page: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  const token = /<input type="hidden" name="token_ws" value="([^"]+)"/.exec(page)?.[1];
  const approve = /<button[^>]*name="outcome"[^>]*value="approve"/.exec(page);
  if (!action || !token || !approve) throw new Error('the card page has no Approve button');
  return { action, fields: { token_ws: token, outcome: 'approve' } };
}

/** Pay one order by card, the browser's way; the trips it took. */
async function payByCard(url: string, diner: Diner, reservationId: string, orderId: string): Promise<Trip[]> {
  const trips: Trip[] = [];
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { origin: url, cookie: diner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // Pay
  const created = await timed(
    trips,
    'POST …/pending-payments',
    'Pay',
    `${url}/api/reservations/${reservationId}/pending-payments`,
    json({ paymentType: 'webpay', chosenTips: '10', split: { mode: 'orders', orderIds: [orderId] } }),
  );
  expectStatus('pending payment', created.response.status, [200, 201], created.body);
  const payment = JSON.parse(created.body) as PendingPayment;
  const started = await timed(
    trips,
    'POST /api/payments/webpay',
    'Pay',
    `${url}/api/payments/webpay`,
    json({ pendingPaymentId: payment.id }),
  );
  expectStatus('start', started.response.status, [200], started.body);
  const { url: formUrl, token } = JSON.parse(started.body) as WebpayStart;
  const card = await timed(trips, 'form POST → card page', 'Pay', formUrl, form({ token_ws: token }));
  expectStatus('card page', card.response.status, [200], card.body);

  // Approve
  const { action, fields } = approveForm(card.body);
  const approved = await timed(
    trips,
    'Approve → 303 return URL',
    'Approve',
    new URL(action, formUrl).toString(),
    form(fields),
  );
  expectStatus('approve', approved.response.status, [303], approved.body);
  const returnUrl = new URL(approved.response.headers.get('location')!, formUrl).toString();
  const back = await timed(trips, 'return → 303 result page', 'Approve', returnUrl);
  expectStatus('return', back.response.status, [303], back.body);
  const page = new URL(back.response.headers.get('location')!, url).toString();
  const document = await timed(trips, 'result page (document)', 'Approve', page, {
    headers: { cookie: diner.cookie, accept: 'text/html' },
  });
  expectStatus('result page', document.response.status, [200], document.body);
  const result = await timed(
    trips,
    'GET /api/payments/webpay/:token',
    'Approve',
    `${url}/api/payments/webpay/${encodeURIComponent(token)}`,
    { headers: { origin: url, cookie: diner.cookie } },
  );
  expectStatus('result', result.response.status, [200], result.body);
  const { status } = JSON.parse(result.body) as WebpayResult;
  if (status !== 'approved') throw new Error(`the payment ended ${status}`);
  return trips;
}

/** A 12-megapixel JPEG of about `bytes` (pixel noise: a photo's worth of detail). */
async function photo(bytes: number): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const pixels = sharp(noiseBytes(width * height * 3), { raw: { width, height, channels: 3 } });
  let best: Buffer | null = null;
  for (let quality = 40; quality <= 95; quality += 5) {
    const jpeg = await pixels.clone().jpeg({ quality }).toBuffer();
    if (best && Math.abs(jpeg.length - bytes) > Math.abs(best.length - bytes)) break;
    best = jpeg;
  }
  return best!;
}

console.info(`${describeMachine()}; ${PAY_ROUNDS} card payments, ${UPLOAD_ROUNDS} receipt uploads`);
await ensureWebBuild();
const server = await startChild<BenchServerInfo>('bench/lib/bench-server.ts', [
  '--restaurants',
  '0',
  '--menu-products',
  '20',
  '--web-dist',
  WEB_DIST,
]);
const { url, restaurantId } = server.info;
try {
  // a table-less reservation tomorrow: the diner orders ahead and pays each dish as it comes
  const { diner, reservation, dish } = await guestWithReservation(url, restaurantId);
  const order = () =>
    api<Order>(url, diner, 'POST', `/api/reservations/${reservation.id}/orders`, {
      productId: dish.id,
      quantity: 1,
    });

  // 1. card
  const rounds: Trip[][] = [];
  for (let round = 0; round < PAY_ROUNDS + 1; round += 1) {
    const trips = await payByCard(url, diner, reservation.id, (await order()).id);
    if (round > 0) rounds.push(trips); // the first warms up
  }
  const [first] = rounds;
  const total = (trips: Trip[], tap?: Trip['tap']) =>
    trips.filter((trip) => !tap || trip.tap === tap).reduce((sum, trip) => sum + trip.ms, 0);
  console.info(
    `\nCard (Webpay sandbox), "Pay" to the approved page: ${first!.length} round trips, 2 taps (Pay, Approve)`,
  );
  first!.forEach((trip, index) => {
    const times = rounds.map((trips) => trips[index]!.ms);
    console.info(
      `  ${String(index + 1).padStart(2)}. ${trip.tap.padEnd(8)} ${trip.step.padEnd(34)} ${trip.status}  ${figures(times)}`,
    );
  });
  console.info(`  Pay → card page shown             ${figures(rounds.map((trips) => total(trips, 'Pay')))}`);
  console.info(
    `  Approve → result shown            ${figures(rounds.map((trips) => total(trips, 'Approve')))}`,
  );
  console.info(
    `  ${mark(true)} all ${rounds.length} approved; the whole chain ${figures(rounds.map((trips) => total(trips)))}`,
  );

  // 2. Pago Móvil receipt
  const picture = await photo(PHOTO_BYTES);
  const uploads: number[] = [];
  for (let round = 0; round < UPLOAD_ROUNDS + 1; round += 1) {
    const { id: orderId } = await order();
    const payment = await api<PendingPayment>(
      url,
      diner,
      'POST',
      `/api/reservations/${reservation.id}/pending-payments`,
      { paymentType: 'mobile_transfer', chosenTips: '0', split: { mode: 'orders', orderIds: [orderId] } },
    );
    const body = new FormData();
    body.set('pendingPaymentId', payment.id);
    body.set('bankCode', '0102');
    body.set('reference', `${Date.now()}${round}`.slice(-12));
    body.set('transferDate', dateIn(BENCH_ZONE));
    body.set(RECEIPT_FIELD, new Blob([picture], { type: 'image/jpeg' }), 'recibo.jpg');
    const started = performance.now();
    const response = await fetch(`${url}/api/reservations/${reservation.id}/transactions`, {
      method: 'POST',
      headers: { origin: url, cookie: diner.cookie },
      body,
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 201) throw new Error(`the upload answered ${response.status}: ${text}`);
    if (round > 0) uploads.push(ms);
  }
  console.info(
    `\nPago Móvil: the transfer form with a ${(picture.length / 1e6).toFixed(2)} MB 4000×3000 JPEG, 1 round trip`,
  );
  console.info(`  POST …/transactions (201)         ${figures(uploads)}`);
} finally {
  await server.stop();
}
