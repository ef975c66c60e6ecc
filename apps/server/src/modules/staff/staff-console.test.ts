/**
 * What the staff console does (docs/product.md#staff-console), against PostgreSQL: the board of a
 * day; confirm and reject (orders paid or due again, points, the payer told live and by e-mail,
 * a second decision changing nothing) and the two racing on one transfer; reservation moves;
 * orders ready and assistance reaching the diners live, and the diners' calls reaching the staff
 * topic; product edits refused or reaching the open menus; table links; owners managing staff
 * (never the last owner, also when two owners remove each other at once); the audit.
 */
import { randomUUID } from 'node:crypto';
import {
  MENU_CHANGED_EVENT,
  menuTopic,
  RESERVATION_EVENTS,
  reservationTopic,
  STAFF_EVENTS,
  staffTopic,
  type Reservation,
  type StaffBoard,
} from '@comensal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations, staffAudit } from '../../db/schema.ts';
import { nextLiveEvent } from '../../test/live.ts';
import { mailsTo } from '../../test/outbox.ts';
import { callApi, signInGuest, signUpUser, uniqueEmail, type TestSession } from '../../test/sessions.ts';
import { addMembers, insertOrdersRestaurant, type OrdersRestaurant } from '../orders/testing.ts';
import { reservationInput, reserve, reserveTable } from '../reservations/testing.ts';
import {
  addStaff,
  buildPaymentsApp,
  countersOf,
  expectStatus,
  orderPlain,
  PAGO_MOVIL,
  pointsAt,
  readTotal,
  type PaymentsTestApp,
} from '../payments/testing.ts';
import { auditCount, auditRowsOf, staffApi, tableWithCashToConfirm } from './testing.ts';

let t: PaymentsTestApp;
let restaurant: OrdersRestaurant;
let ana: TestSession;
let tom: TestSession;
let staff: TestSession;
let owner: TestSession;
let api: ReturnType<typeof staffApi>;

const PAYMENTS = { webpay: true, cash: true, mobileTransfer: { ...PAGO_MOVIL } };

beforeAll(async () => {
  t = await buildPaymentsApp();
  await t.app.live.ready();
  api = staffApi(t.app);
  restaurant = await insertOrdersRestaurant(t.db, {
    payments: PAYMENTS,
    pointsRate: { points: 1, perMinor: 1_000 },
  });
  [ana, tom, staff, owner] = await Promise.all([
    signUpUser(t.app, { name: 'Ana', locale: 'es-ES' }),
    signUpUser(t.app, { name: 'Tom', locale: 'en-US' }),
    signUpUser(t.app, { name: 'Staff' }),
    signUpUser(t.app, { name: 'Owner' }),
  ]);
  await addStaff(t.db.db, restaurant.restaurant.id, staff.userId, 'staff');
  await addStaff(t.db.db, restaurant.restaurant.id, owner.userId, 'owner');
}, 60_000);
afterAll(() => t?.close());

const restaurantId = () => restaurant.restaurant.id;
const readReservation = async (who: TestSession, id: string) =>
  expectStatus<Reservation>(await callApi(t.app, 'GET', `/api/reservations/${id}`, { as: who }), 200);

describe('the board', () => {
  it("lists a local date's reservations by room, table and start, with members, orders, totals and payments to decide", async () => {
    const place = await insertOrdersRestaurant(t.db, { payments: PAYMENTS });
    await addStaff(t.db.db, place.restaurant.id, staff.userId, 'staff');
    const day = '2026-03-20';
    const late = await reserve(
      t.app,
      ana,
      reservationInput(place, { date: day, startAt: '14:00', table: place.ref(1) }),
    );
    const terrace = await reserve(
      t.app,
      tom,
      reservationInput(place, { date: day, startAt: '12:00', table: place.ref(10) }),
    );
    const eve = await signUpUser(t.app, { name: 'Eve' });
    const early = await reserve(
      t.app,
      eve,
      reservationInput(place, { date: day, startAt: '12:00', table: place.ref(1) }),
    );
    const nextDay = await reserve(
      t.app,
      ana,
      reservationInput(place, { date: '2026-03-21', table: place.ref(2) }),
    );
    await addMembers(t.db.db, late.id, [tom.userId]);
    await orderPlain(t.app, place, ana, late.id, 2);

    const board = expectStatus<StaffBoard>(await api.board(staff, place.restaurant.id, day), 200);
    expect(board).toMatchObject({
      restaurantId: place.restaurant.id,
      date: day,
      timeZone: 'America/Santiago',
    });
    expect(board.tables.map((table) => table.number)).toEqual([1, 2, 10]);
    // the salon's table 1 (12:00, then 14:00), then the terrace; not the next day's
    expect(board.reservations.map((r) => r.id)).toEqual([early.id, late.id, terrace.id]);
    expect(board.reservations.map((r) => r.id)).not.toContain(nextDay.id);
    const lateRow = board.reservations[1]!;
    expect(lateRow.users.map((u) => u.displayName)).toEqual(['Ana', 'Tom']);
    expect(lateRow).toMatchObject({
      status: 'confirmed',
      quantity: 2,
      requestedAssistance: false,
      ordersReadyNotification: false,
      table: { number: 1 },
      totals: { totalMinor: 10_000, paidMinor: 0, pendingMinor: 0, dueMinor: 10_000 },
      transactionsToDecide: 0,
    });
    expect(lateRow.orders).toHaveLength(1);
    expect(lateRow.orders[0]).toMatchObject({ quantity: 2, priceMinor: 10_000, isEditable: false });
  });

  it('defaults to today in the restaurant zone; a date that is not a calendar date is 400', async () => {
    const board = expectStatus<StaffBoard>(await api.board(staff, restaurantId()), 200);
    expect(board.date).toBe('2026-03-02');
    for (const date of ['2026-02-30', '2026-3-1', 'today', "2026-03-01' OR 1=1"]) {
      expect((await api.board(staff, restaurantId(), encodeURIComponent(date))).statusCode).toBe(400);
    }
  });
});

describe('payments to confirm', () => {
  it('confirm: the orders are paid and confirmed, points earned, the payer told live and by e-mail; again → 409, nothing changes', async () => {
    const table = await tableWithCashToConfirm(t.app, t.db.db, restaurant, tom);
    const listed = (await api.transactions(staff, restaurantId(), 'status=pending&limit=100')).json();
    expect(listed.items.map((i: { id: string }) => i.id)).toContain(table.transaction.id);
    const pointsBefore = await pointsAt(t.db.db, tom.userId, restaurantId());
    const diners = nextLiveEvent(
      t.app,
      reservationTopic(table.reservationId),
      (m) => m.event === 'payment.transaction_changed',
    );
    const staffSide = nextLiveEvent(
      t.app,
      staffTopic(restaurantId()),
      (m) =>
        (m.data as { transactionId?: string }).transactionId === table.transaction.id &&
        (m.data as { transactionStatus?: string }).transactionStatus === 'approved',
    );

    const confirmed = (await api.confirm(staff, table.transaction.id)).json();
    expect(confirmed).toMatchObject({
      id: table.transaction.id,
      status: 'approved',
      pointsEarned: 5,
      decidedBy: { id: staff.userId, displayName: 'Staff' },
    });
    expect((await diners).data).toMatchObject({ transactionId: table.transaction.id });
    expect((await staffSide).data).toMatchObject({ transactionStatus: 'approved' });
    expect(await countersOf(t.db.db, table.orderId)).toMatchObject({
      paidMinor: 5_000,
      pendingMinor: 0,
      paidBy: tom.userId,
      pendingToConfirmed: false,
    });
    expect(await readTotal(t.app, tom, table.reservationId)).toMatchObject({ paidMinor: 5_000, dueMinor: 0 });
    expect(await pointsAt(t.db.db, tom.userId, restaurantId())).toBe(pointsBefore + 5);
    const mails = (await mailsTo(t.config.dataDir, tom.email)).filter((m) =>
      m.subject?.startsWith('Your payment'),
    );
    expect(mails.length).toBeGreaterThanOrEqual(1);

    const audit = await auditCount(t.db.db, restaurantId());
    for (const again of [api.confirm(staff, table.transaction.id), api.reject(owner, table.transaction.id)]) {
      const response = await again;
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: { code: 'CONFLICT', details: { reason: 'TRANSACTION_DECIDED', status: 'approved' } },
      });
    }
    expect(await auditCount(t.db.db, restaurantId())).toBe(audit);
    expect(await pointsAt(t.db.db, tom.userId, restaurantId())).toBe(pointsBefore + 5);
  });

  it('reject with a reason: the orders are due again, the payer told why; a reason is required', async () => {
    const table = await tableWithCashToConfirm(t.app, t.db.db, restaurant, ana);
    for (const reason of ['', '   ', 'x'.repeat(301), 42, null]) {
      expect((await api.reject(staff, table.transaction.id, reason)).statusCode).toBe(400);
    }
    const rejected = (await api.reject(staff, table.transaction.id, '  No recibimos el efectivo ')).json();
    expect(rejected).toMatchObject({
      status: 'rejected',
      report: { rejectionReason: 'No recibimos el efectivo' },
    });
    expect(await countersOf(t.db.db, table.orderId)).toMatchObject({
      paidMinor: 0,
      pendingMinor: 0,
      paidBy: null,
    });
    expect(await readTotal(t.app, ana, table.reservationId)).toMatchObject({
      dueMinor: 5_000,
      pendingMinor: 0,
    });
    const [mail] = (await mailsTo(t.config.dataDir, ana.email)).filter(
      (m) => m.subject === 'No se pudo confirmar tu pago',
    );
    expect(mail?.text).toContain('No recibimos el efectivo');
    const [row] = (await auditRowsOf(t.db.db, restaurantId())).filter(
      (r) => r.targetId === table.transaction.id,
    );
    expect(row).toMatchObject({
      action: 'transaction.rejected',
      actorUserId: staff.userId,
      before: { status: 'pending' },
      after: { status: 'rejected', reason: 'No recibimos el efectivo' },
    });
  });

  it('confirm and reject fired at once on one payment, many rounds: exactly one wins, the other changes nothing', async () => {
    const ROUNDS = 12;
    for (let round = 0; round < ROUNDS; round += 1) {
      const table = await tableWithCashToConfirm(t.app, t.db.db, restaurant, ana);
      const fire = {
        confirm: () => api.confirm(staff, table.transaction.id),
        reject: () => api.reject(owner, table.transaction.id, 'No'),
      };
      // both on their way before either answers; which one leaves first alternates
      const [confirm, reject] =
        round % 2 === 0
          ? await Promise.all([fire.confirm(), fire.reject()])
          : await Promise.all([fire.reject(), fire.confirm()]).then(([r, c]) => [c, r] as const);
      const statuses = [confirm!.statusCode, reject!.statusCode].sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      const loser = confirm!.statusCode === 200 ? reject! : confirm!;
      expect(loser.json().error.details.reason).toBe('TRANSACTION_DECIDED');
      const winner = confirm!.statusCode === 200 ? 'approved' : 'rejected';
      const rows = (await auditRowsOf(t.db.db, restaurantId())).filter(
        (r) => r.targetId === table.transaction.id,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.after).toMatchObject({ status: winner });
      expect(await countersOf(t.db.db, table.orderId)).toMatchObject(
        winner === 'approved'
          ? { paidMinor: 5_000, pendingMinor: 0, pendingToConfirmed: false }
          : { paidMinor: 0, pendingMinor: 0, paidBy: null },
      );
    }
  });
});

describe('reservations: status, orders ready, assistance', () => {
  it('confirmed → seated → completed, the diners see each move; any other move is 409 and changes nothing', async () => {
    const { reservationId } = await tableWithCashToConfirm(t.app, t.db.db, restaurant, ana);
    const seen = nextLiveEvent(
      t.app,
      reservationTopic(reservationId),
      (m) => m.event === RESERVATION_EVENTS.updated,
    );
    expect((await api.setStatus(staff, reservationId, 'seated')).json().status).toBe('seated');
    await seen;
    expect((await readReservation(ana, reservationId)).status).toBe('seated');
    const refused = await api.setStatus(staff, reservationId, 'seated');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual({
      reason: 'INVALID_STATUS_TRANSITION',
      from: 'seated',
      to: 'seated',
    });
    expect((await api.setStatus(owner, reservationId, 'completed')).json().status).toBe('completed');
    expect((await api.setStatus(staff, reservationId, 'seated')).statusCode).toBe(409);
    for (const status of ['confirmed', 'cancelled', 'eaten', null]) {
      expect((await api.setStatus(staff, reservationId, status)).statusCode).toBe(400);
    }
    expect((await readReservation(ana, reservationId)).status).toBe('completed');
    const rows = (await auditRowsOf(t.db.db, restaurantId())).filter((r) => r.targetId === reservationId);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['reservation.status_changed', { status: 'confirmed' }, { status: 'seated' }],
      ['reservation.status_changed', { status: 'seated' }, { status: 'completed' }],
    ]);
  });

  it('a cancelled reservation: no move, no orders ready', async () => {
    const { reservationId } = await tableWithCashToConfirm(t.app, t.db.db, restaurant, ana);
    await t.db.db.update(reservations).set({ status: 'cancelled' }).where(eq(reservations.id, reservationId));
    expect((await api.setStatus(staff, reservationId, 'seated')).json().error.details.reason).toBe(
      'INVALID_STATUS_TRANSITION',
    );
    expect((await api.ordersReady(staff, reservationId)).json().error.details.reason).toBe(
      'RESERVATION_CANCELLED',
    );
  });

  it('a table calls and orders: the staff topic hears both; staff answer and mark the orders ready: the diners see it', async () => {
    const place = await insertOrdersRestaurant(t.db, { payments: PAYMENTS });
    await addStaff(t.db.db, place.restaurant.id, staff.userId, 'staff');
    const staffChannel = staffTopic(place.restaurant.id);
    const booked = nextLiveEvent(t.app, staffChannel, (m) => m.event === STAFF_EVENTS.reservationChanged);
    const reservation = await reserveTable(t.app, ana, place, { number: 10, startAt: '12:00' });
    expect((await booked).data).toEqual({
      restaurantId: place.restaurant.id,
      reservationId: reservation.id,
      reservationChange: 'created',
    });

    const called = nextLiveEvent(t.app, staffChannel, (m) => m.event === STAFF_EVENTS.assistanceChanged);
    expectStatus(
      await callApi(t.app, 'POST', `/api/reservations/${reservation.id}/assistance`, { as: ana }),
      200,
    );
    expect((await called).data).toEqual({
      restaurantId: place.restaurant.id,
      reservationId: reservation.id,
      requestedAssistance: true,
    });

    const ordered = nextLiveEvent(t.app, staffChannel, (m) => m.event === STAFF_EVENTS.ordersChanged);
    const order = await orderPlain(t.app, place, ana, reservation.id);
    expect((await ordered).data).toEqual({
      restaurantId: place.restaurant.id,
      reservationId: reservation.id,
      orderIds: [order.id],
      orderChange: 'created',
    });
    const board = expectStatus<StaffBoard>(await api.board(staff, place.restaurant.id), 200);
    expect(board.reservations.find((r) => r.id === reservation.id)).toMatchObject({
      requestedAssistance: true,
      orders: [{ id: order.id }],
    });

    const cleared = nextLiveEvent(
      t.app,
      reservationTopic(reservation.id),
      (m) => m.event === RESERVATION_EVENTS.assistanceChanged,
    );
    expect((await api.answerAssistance(staff, reservation.id)).json().requestedAssistance).toBe(false);
    await cleared;
    expect((await readReservation(ana, reservation.id)).requestedAssistance).toBe(false);
    // answered already: nothing to do, nothing recorded
    const audit = await auditCount(t.db.db, place.restaurant.id);
    expect((await api.answerAssistance(staff, reservation.id)).statusCode).toBe(200);
    expect(await auditCount(t.db.db, place.restaurant.id)).toBe(audit);

    const ready = nextLiveEvent(
      t.app,
      reservationTopic(reservation.id),
      (m) => m.event === RESERVATION_EVENTS.readyChanged,
    );
    expect((await api.ordersReady(staff, reservation.id)).json().ordersReadyNotification).toBe(true);
    await ready;
    expect((await readReservation(ana, reservation.id)).ordersReadyNotification).toBe(true);
    const dismissed = nextLiveEvent(t.app, staffChannel, (m) => m.event === STAFF_EVENTS.readyChanged);
    await callApi(t.app, 'DELETE', `/api/reservations/${reservation.id}/orders-ready-notification`, {
      as: ana,
    });
    expect((await dismissed).data).toMatchObject({ ordersReadyNotification: false });

    const seated = nextLiveEvent(t.app, staffChannel, (m) => m.event === STAFF_EVENTS.reservationChanged);
    expectStatus(await api.setStatus(staff, reservation.id, 'seated'), 200);
    expect((await seated).data).toMatchObject({ reservationId: reservation.id, reservationChange: 'status' });

    const rows = await auditRowsOf(t.db.db, place.restaurant.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['reservation.assistance_cleared', { requestedAssistance: true }, { requestedAssistance: false }],
      ['reservation.orders_ready', { ordersReadyNotification: false }, { ordersReadyNotification: true }],
      ['reservation.status_changed', { status: 'confirmed' }, { status: 'seated' }],
    ]);
  });
});

describe('dishes', () => {
  it('invalid values are refused with a clear reason and nothing is written', async () => {
    const productId = restaurant.product('plain');
    const before = (await api.products(staff, restaurantId()))
      .json()
      .items.find((p: { id: string }) => p.id === productId);
    const audit = await auditCount(t.db.db, restaurantId());
    const cases: [unknown, string | null][] = [
      [{ discount: { type: 'amount', value: 5_001 } }, 'DISCOUNT_EXCEEDS_PRICE'],
      [{ scheduleStart: '20:00' }, 'SCHEDULE_INCOMPLETE'],
      [{ scheduleStart: '20:00', scheduleEnd: '20:00' }, 'SCHEDULE_EMPTY'],
      [{ price: -1 }, null],
      [{ price: 1.5 }, null],
      [{ discount: { type: 'percent', value: 101 } }, null],
      [{ stock: -3 }, null],
      [{ scheduleStart: '25:00', scheduleEnd: '26:00' }, null],
      [{ scheduleDays: [7] }, null],
      [{ name: { es: 'x', en: 'x' } }, null],
      [{}, null],
    ];
    for (const [body, reason] of cases) {
      const response = await api.editProduct(staff, restaurantId(), productId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      if (reason) expect(response.json().error.details.reason).toBe(reason);
    }
    expect(
      (
        await api.editProduct(staff, restaurantId(), randomUUID(), {
          price: 1,
        })
      ).statusCode,
    ).toBe(404);
    const after = (await api.products(staff, restaurantId()))
      .json()
      .items.find((p: { id: string }) => p.id === productId);
    expect(after).toEqual(before);
    expect(await auditCount(t.db.db, restaurantId())).toBe(audit);
  });

  it('a price, stock and hidden change reaches the open menus and is audited field by field', async () => {
    const place = await insertOrdersRestaurant(t.db, { payments: PAYMENTS });
    await addStaff(t.db.db, place.restaurant.id, staff.userId, 'staff');
    const productId = place.product('burger');
    const menuChanged = nextLiveEvent(
      t.app,
      menuTopic(place.restaurant.id),
      (m) => m.event === MENU_CHANGED_EVENT,
    );
    const staffChanged = nextLiveEvent(
      t.app,
      staffTopic(place.restaurant.id),
      (m) => m.event === STAFF_EVENTS.productChanged,
    );
    const edited = (
      await api.editProduct(staff, place.restaurant.id, productId, {
        price: 9_500,
        stock: 4,
        discount: { type: 'amount', value: 500 },
      })
    ).json();
    expect(edited).toMatchObject({
      id: productId,
      price: 9_500,
      stock: 4,
      discount: 500,
      discountType: 'amount',
    });
    expect((await menuChanged).data).toEqual({ productId });
    expect((await staffChanged).data).toEqual({ restaurantId: place.restaurant.id, productId });
    const menu = (await callApi(t.app, 'GET', `/api/restaurants/${place.restaurant.id}/menu`)).json();
    // the list shows the new price; the stock is among the dish's details (ADR 0037)
    expect(menu.items.find((p: { id: string }) => p.id === productId)).toMatchObject({ price: 9_500 });
    const details = await callApi(t.app, 'GET', `/api/restaurants/${place.restaurant.id}/menu/${productId}`);
    expect(details.json()).toMatchObject({ price: 9_500, stock: 4 });

    // the menu answer is cached until its event arrives: read it after, as an open menu does
    const hiddenChanged = nextLiveEvent(
      t.app,
      menuTopic(place.restaurant.id),
      (m) => m.event === MENU_CHANGED_EVENT,
    );
    expectStatus(await api.editProduct(staff, place.restaurant.id, productId, { hidden: true }), 200);
    await hiddenChanged;
    const hiddenMenu = (await callApi(t.app, 'GET', `/api/restaurants/${place.restaurant.id}/menu`)).json();
    expect(hiddenMenu.items.map((p: { id: string }) => p.id)).not.toContain(productId);

    const rows = await auditRowsOf(t.db.db, place.restaurant.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'product.updated',
        { price: 8_000, discount: 10, discountType: 'percent', stock: null },
        { price: 9_500, discount: 500, discountType: 'amount', stock: 4 },
      ],
      ['product.updated', { hidden: false }, { hidden: true }],
    ]);
  });
});

describe('table QR links', () => {
  it('one per table, by room and number: the restaurant at the public address with table and room', async () => {
    const qr = (await api.tablesQr(staff, restaurantId())).json();
    expect(qr.restaurantName).toBe(restaurant.restaurant.name);
    expect(qr.items.map((i: { number: number }) => i.number)).toEqual([1, 2, 10]);
    const terrace = restaurant.table(10);
    expect(qr.items[2]).toMatchObject({ number: 10, room: { en: 'Terrace' }, seats: 6 });
    expect(qr.items[2].url).toBe(
      `${t.config.publicUrl}/restaurants/${restaurantId()}?table=10&room=${terrace.roomId}`,
    );
  });
});

describe('staff members (owners)', () => {
  it('adds by e-mail (any case), refuses unknown e-mails, guests and duplicates; the new member sees the restaurant', async () => {
    const place = await insertOrdersRestaurant(t.db, { payments: PAYMENTS });
    await addStaff(t.db.db, place.restaurant.id, owner.userId, 'owner');
    const newcomer = await signUpUser(t.app, { name: 'Newcomer', email: uniqueEmail('Newcomer') });
    const added = await api.addMember(owner, place.restaurant.id, { email: newcomer.email.toUpperCase() });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ userId: newcomer.userId, role: 'staff' });
    expect((await api.restaurants(newcomer)).json().items).toMatchObject([
      { id: place.restaurant.id, role: 'staff' },
    ]);
    const again = await api.addMember(owner, place.restaurant.id, { email: newcomer.email });
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', details: { reason: 'ALREADY_STAFF' } });
    const guest = await signInGuest(t.app);
    for (const email of [uniqueEmail('nobody'), guest.email]) {
      const refused = await api.addMember(owner, place.restaurant.id, { email });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.details.reason).toBe('USER_NOT_FOUND');
    }
    for (const body of [
      { email: 'not an e-mail' },
      { email: newcomer.email, role: 'boss' },
      { email: newcomer.email, x: 1 },
    ]) {
      expect((await api.addMember(owner, place.restaurant.id, body)).statusCode).toBe(400);
    }
    const members = (await api.members(owner, place.restaurant.id)).json().items;
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'staff']);
  });

  it('never the last owner: alone, refused; two owners removing each other at once, one stays', async () => {
    const place = await insertOrdersRestaurant(t.db, { payments: PAYMENTS });
    const [first, second] = await Promise.all([
      signUpUser(t.app, { name: 'First owner' }),
      signUpUser(t.app, { name: 'Second owner' }),
    ]);
    await addStaff(t.db.db, place.restaurant.id, first.userId, 'owner');
    const alone = await api.removeMember(first, place.restaurant.id, first.userId);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.details.reason).toBe('LAST_OWNER');
    expectStatus(
      await api.addMember(first, place.restaurant.id, { email: second.email, role: 'owner' }),
      201,
    );
    const [a, b] = await Promise.all([
      api.removeMember(first, place.restaurant.id, second.userId),
      api.removeMember(second, place.restaurant.id, first.userId),
    ]);
    // one removal goes through; the other finds its caller removed (403) or the last owner (409)
    const statuses = [a.statusCode, b.statusCode];
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.find((status) => status !== 204)).toBeOneOf([403, 409]);
    const removals = (
      await t.db.db.select().from(staffAudit).where(eq(staffAudit.restaurantId, place.restaurant.id))
    ).filter((row) => row.action === 'staff.removed');
    expect(removals).toHaveLength(1);
    const left = (await api.members(a.statusCode === 204 ? first : second, place.restaurant.id)).json().items;
    expect(left.map((m: { role: string }) => m.role)).toEqual(['owner']);
  });
});

describe('the audit', () => {
  it('lists newest first, page by page, with who, what, on what, before and after', async () => {
    const place = await insertOrdersRestaurant(t.db, { payments: PAYMENTS });
    await addStaff(t.db.db, place.restaurant.id, staff.userId, 'staff');
    const prices = [1_000, 1_100, 1_200, 1_300, 1_400];
    for (const price of prices) {
      expectStatus(await api.editProduct(staff, place.restaurant.id, place.product('plain'), { price }), 200);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        items: { after: { price: number }; actor: unknown; action: string }[];
        nextCursor: string | null;
      } = (await api.audit(staff, place.restaurant.id, `limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      for (const item of page.items) {
        expect(item).toMatchObject({
          action: 'product.updated',
          actor: { id: staff.userId, displayName: 'Staff', email: staff.email },
        });
        seen.push(item.after.price);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...prices].reverse());
    expect((await api.audit(staff, place.restaurant.id, 'cursor=bm9wZQ')).statusCode).toBe(400);
  });
});
