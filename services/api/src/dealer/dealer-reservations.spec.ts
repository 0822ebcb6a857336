import fc from 'fast-check';
import { TableMailer } from '@platform/leads';
import { QueueProducer } from '@platform/queues';
import {
  OnlinePaymentLedger,
  PaymentProviders,
  ReservationLedger,
  ReservationNotices,
  startReservationWorkers,
} from '@platform/reservations';
import { createStockFixture, eventually, feedCar, TEST_REDIS_URL, type StockFixture } from '@platform/testing';
import { percent, signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-dealer-reservations-0123';
const SHOPPER = { name: 'Jane Shopper', email: 'jane@example.com', phone: '0412 345 678', terms_conditions: true };

/**
 * The dealer console's reservations against real PostgreSQL, Redis, the lead workers and the
 * reservation workers (sweep, reminders and the notice sender through the development mailer).
 */
describe('Dealer console reservations (real PostgreSQL, Redis and workers)', () => {
  let api: SiteApiHarness;
  let other: StockFixture;
  let ledger: ReservationLedger;
  let producer: QueueProducer;
  let stopWorkers: () => Promise<void>;
  const slugs: Record<string, string> = {};
  let sales: SignedInDealer;
  let viewer: SignedInDealer;
  let westSales: SignedInDealer;

  /** A shopper reserves the car and the local provider approves the deposit: a held reservation's id. */
  async function held(stocknum: string, site = api.siteSlug, email = SHOPPER.email): Promise<string> {
    const res = await api
      .http()
      .post(`/api/sites/${site}/reservations`)
      .send({ ...SHOPPER, email, car_id: slugs[stocknum] })
      .expect(201);
    await api
      .http()
      .post(`/api/payments${(res.body.payment.pay_url as string).replace('/payments', '')}/approve`)
      .expect(200);
    return res.body.reservation.id as string;
  }

  const mails = (reservationId: string) =>
    api.db.dataSource.query(
      `SELECT n.kind, n.status, e.recipients, e.subject, e.raw FROM reservation_notices n
       LEFT JOIN outbound_emails e ON e.delivery_id = n.id WHERE n.reservation_id = $1 ORDER BY n.created_at`,
      [reservationId],
    ) as Promise<{ kind: string; status: string; recipients: string[] | null; subject: string | null; raw: string }[]>;
  const audit = (subjectId: string) =>
    api.db.dataSource.query(
      `SELECT user_id, action, subject_type, detail FROM dealer_audit_log WHERE subject_id = $1 ORDER BY id`,
      [subjectId],
    ) as Promise<{ user_id: string; action: string; subject_type: string; detail: Record<string, unknown> }[]>;
  const sweep = async () => {
    const jobId = await producer.add('reservationSweep', { task: 'sweep' });
    await eventually(
      () => producer.queue('reservationSweep').getJobState(jobId),
      (state) => state === 'completed' || state === 'failed',
      'the reservation sweep',
    );
  };

  beforeAll(async () => {
    api = await createSiteApiHarness('dealerres', {
      env: { OPS_TOKEN, CHECKOUT_LIMIT_PER_MINUTE: '1000' },
      siteConfig: { reservations: { max_extensions: 2, max_extension_hours: 24 } },
    });
    other = await createStockFixture(api.db.dataSource, 'dealerres-other');
    await api.load(
      api.fixture.north.id,
      ['N1', 'N2', 'N3', 'N4', 'N5', 'N6', 'N7', 'N8', 'N9', 'N10', 'N11'].map((s) => feedCar(s)),
    );
    await api.load(api.fixture.west.id, [feedCar('W1'), feedCar('W2')]);
    await api.load(other.north.id, [feedCar('O1')]);
    for (const row of (await api.db.dataSource.query(`SELECT slug, stocknum FROM cars`)) as {
      slug: string;
      stocknum: string;
    }[])
      slugs[row.stocknum] = row.slug;
    ledger = api.app.get(ReservationLedger);
    producer = new QueueProducer(api.redis, api.prefix);
    stopWorkers = await startReservationWorkers({
      ledger: new ReservationLedger(api.db.dataSource, api.app.get(PaymentProviders)),
      onlinePayments: new OnlinePaymentLedger(api.db.dataSource),
      notices: {
        notices: new ReservationNotices(api.db.dataSource, { webPort: 3123 }),
        mailer: new TableMailer(api.db.dataSource, 'Dealer Platform <leads@platform.localhost>'),
        producer,
      },
      redisUrl: TEST_REDIS_URL,
      prefix: api.prefix,
      schedule: false,
    });
    sales = await signInDealer(api, OPS_TOKEN, 'sam@north.example', [
      { dealership: api.fixture.north.slug, role: 'sales' },
    ]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@north.example', [
      { dealership: api.fixture.north.slug, role: 'viewer' },
    ]);
    westSales = await signInDealer(api, OPS_TOKEN, 'wes@west.example', [
      { dealership: api.fixture.west.slug, role: 'sales' },
    ]);
  });

  afterAll(async () => {
    await stopWorkers?.();
    await producer?.close();
    await api?.close();
  });

  it("lists the user's dealership's holds, active first, with time left, deposit, payment state and the shopper", async () => {
    const north = await held('N1');
    const west = await held('W1');
    const list = await sales.get('/api/dealer/reservations').expect(200);
    const ids = (list.body.reservations as { id: string }[]).map((r) => r.id);
    expect(ids).toContain(north);
    expect(ids).not.toContain(west);
    const mine = (list.body.reservations as Record<string, unknown>[]).find((r) => r['id'] === north)!;
    expect(mine).toMatchObject({
      status: 'held',
      active: true,
      dealership: { slug: api.fixture.north.slug },
      car: { stocknum: 'N1' },
      shopper: { name: 'Jane Shopper', email: 'jane@example.com' },
      deposit: { cents: 20000, currency: 'aud' },
      payment: { state: 'paid', provider: 'local' },
      refund: null,
      extensions: { used: 0, max: 2, maxHours: 24 },
      can: { complete: true, cancel: true, extend: true },
    });
    // 72 hours of hold, less the moments this test took.
    expect(mine['minutesLeft']).toBeGreaterThan(71 * 60);
    expect(mine['minutesLeft']).toBeLessThanOrEqual(72 * 60);
    const viewed = await viewer.get('/api/dealer/reservations?status=active').expect(200);
    expect((viewed.body.reservations as { id: string; can: object }[]).find((r) => r.id === north)?.can).toEqual({
      complete: false,
      cancel: false,
      extend: false,
    });
    await sales.get(`/api/dealer/reservations?dealership=${api.fixture.west.slug}`).expect(404);
    const detail = await sales.get(`/api/dealer/reservations/${north}`).expect(200);
    expect(detail.body).toMatchObject({ id: north, leadId: expect.any(String), notices: [] });
  });

  it('marks a hold sold: completed, audited in the same transaction, the shopper emailed; a second click is 409', async () => {
    const id = await held('N2', api.siteSlug, 'buyer@example.com');
    await api.http().post(`/api/dealer/reservations/${id}/complete`).set('Cookie', sales.cookie).expect(403);
    const done = await sales.post(`/api/dealer/reservations/${id}/complete`).expect(200);
    expect(done.body.reservation).toMatchObject({ status: 'completed', active: false, payment: { state: 'paid' } });
    const again = await sales.post(`/api/dealer/reservations/${id}/complete`).expect(409);
    expect(again.body).toMatchObject({ title: 'Reservation not held' });
    expect(await audit(id)).toEqual([
      {
        user_id: sales.id,
        action: 'reservation.completed',
        subject_type: 'reservation',
        detail: expect.objectContaining({ from: 'held', to: 'completed' }),
      },
    ]);
    const sent = await eventually(
      () => mails(id),
      (rows) => rows.some((row) => row.status === 'sent' && row.subject !== null),
      'the shopper email',
    );
    expect(sent).toEqual([
      expect.objectContaining({
        kind: 'completed',
        recipients: ['buyer@example.com'],
        subject: expect.stringMatching(/^Your purchase of the .+ is complete$/),
      }),
    ]);
  });

  it("links a reservation and its lead both ways, and the dealer's action on the hold moves the lead (issue 53 defect 3)", async () => {
    const leadOf = async (reservation: string): Promise<string> => {
      const listed = await sales.get('/api/dealer/reservations?status=all').expect(200);
      const view = (listed.body.reservations as { id: string; leadId: string | null }[]).find(
        (r) => r.id === reservation,
      );
      expect(view?.leadId).toEqual(expect.any(String));
      return view!.leadId!;
    };
    const sold = await held('N10', api.siteSlug, 'linked@example.com');
    const soldLead = await leadOf(sold);
    const before = await sales.get(`/api/dealer/leads/${soldLead}`).expect(200);
    expect(before.body).toMatchObject({
      status: 'new',
      timeZone: 'Australia/Brisbane',
      reservation: { id: sold, kind: 'reserve', status: 'held', holdExpiresAt: expect.any(String), deposit: 200 },
    });
    await sales.post(`/api/dealer/reservations/${sold}/complete`).expect(200);
    const won = await sales.get(`/api/dealer/leads/${soldLead}`).expect(200);
    expect(won.body).toMatchObject({ status: 'won', reservation: { id: sold, status: 'completed' } });

    const refunded = await held('N11', api.siteSlug, 'refunded@example.com');
    const refundedLead = await leadOf(refunded);
    await sales.post(`/api/dealer/reservations/${refunded}/cancel`).expect(200);
    const lost = await sales.get(`/api/dealer/leads/${refundedLead}`).expect(200);
    expect(lost.body).toMatchObject({
      status: 'lost',
      lostReason: 'Reservation cancelled, deposit refunded',
      reservation: { id: refunded, status: 'cancelled' },
    });
    // The paid hold's lead went to a salesperson in turn as it arrived; then sam's cancel lost it.
    expect((lost.body.history as { action: string; by: string }[]).map((h) => [h.action, h.by])).toEqual([
      ['lead.assigned', 'system'],
      ['lead.status_changed', 'User sam'],
    ]);
    expect(lost.body.response).toMatchObject({ firstResponseAt: expect.any(String), state: 'answered' });
  });

  it('cancels and refunds through the payment provider: the local provider records the refund, the state shows it', async () => {
    const id = await held('N3', api.siteSlug, 'refund@example.com');
    const cancelled = await sales.post(`/api/dealer/reservations/${id}/cancel`).expect(200);
    expect(cancelled.body.reservation).toMatchObject({
      status: 'cancelled',
      payment: { state: 'refunded' },
      refund: { state: 'refunded', attempts: 1, error: null, refundedAt: expect.any(String) },
    });
    const [refund] = (await api.db.dataSource.query(
      `SELECT lr.amount_cents FROM local_refunds lr JOIN reservations r ON r.payment_ref = lr.payment_id::text WHERE r.id = $1`,
      [id],
    )) as { amount_cents: number }[];
    expect(refund).toEqual({ amount_cents: 20000 });
    const [car] = (await api.db.dataSource.query(`SELECT reservation_id FROM cars WHERE stocknum = 'N3'`)) as {
      reservation_id: string | null;
    }[];
    expect(car!.reservation_id).toBeNull();
    await sales.post(`/api/dealer/reservations/${id}/cancel`).expect(409);
    const sent = await eventually(
      () => mails(id),
      (rows) => rows.length === 1 && rows[0]!.status === 'sent',
      'the cancellation email',
    );
    expect(sent[0]).toMatchObject({ kind: 'cancelled', recipients: ['refund@example.com'] });
    expect(sent[0]!.raw).toMatch(/deposit is refunded in full/);
    expect((await audit(id)).map((a) => a.action)).toEqual(['reservation.cancelled']);
  });

  it('shows a refund the provider has not confirmed as pending, with its error, until it is', async () => {
    const id = await held('N4', api.siteSlug, 'pending@example.com');
    // The provider refuses the first attempt: the payment looks unpaid to it.
    await api.db.dataSource.query(
      `UPDATE local_payments SET status = 'requires_payment' WHERE id::text = (SELECT payment_ref FROM reservations WHERE id = $1)`,
      [id],
    );
    const cancelled = await sales.post(`/api/dealer/reservations/${id}/cancel`).expect(200);
    expect(cancelled.body.reservation).toMatchObject({
      status: 'cancelled',
      payment: { state: 'refund_pending' },
      refund: { state: 'pending', attempts: 1, error: expect.stringMatching(/nothing to refund/) },
    });
    await api.db.dataSource.query(
      `UPDATE local_payments SET status = 'succeeded' WHERE id::text = (SELECT payment_ref FROM reservations WHERE id = $1)`,
      [id],
    );
    await api.db.dataSource.query(`UPDATE reservations SET refund_next_attempt_at = now() WHERE id = $1`, [id]);
    await sweep();
    const after = await sales.get(`/api/dealer/reservations/${id}`).expect(200);
    expect(after.body).toMatchObject({ payment: { state: 'refunded' }, refund: { state: 'refunded', attempts: 2 } });
  });

  it('extends a hold within the configured bounds and refuses beyond them, naming the field', async () => {
    const id = await held('N5', api.siteSlug, 'extend@example.com');
    const before = (await sales.get(`/api/dealer/reservations/${id}`).expect(200)).body as { holdExpiresAt: string };
    const extended = await sales.post(`/api/dealer/reservations/${id}/extend`, { hours: 24 }).expect(200);
    expect(new Date(extended.body.reservation.holdExpiresAt).getTime() - new Date(before.holdExpiresAt).getTime()).toBe(
      24 * 3_600_000,
    );
    expect(extended.body.reservation.extensions).toEqual({ used: 1, max: 2, maxHours: 24 });
    const tooLong = await sales.post(`/api/dealer/reservations/${id}/extend`, { hours: 25 }).expect(409);
    expect(tooLong.body.errors).toEqual([{ path: 'hours', message: expect.stringMatching(/at most 24 hours/) }]);
    const bad = await sales.post(`/api/dealer/reservations/${id}/extend`, { hours: 'a day' }).expect(400);
    expect(bad.body.errors[0].path).toBe('hours');
    await sales.post(`/api/dealer/reservations/${id}/extend`, { hours: 1 }).expect(200);
    const third = await sales.post(`/api/dealer/reservations/${id}/extend`, { hours: 1 }).expect(409);
    expect(third.body.detail).toMatch(/extended 2 times, the most allowed \(2\)/);
    const sent = await eventually(
      () => mails(id),
      (rows) => rows.filter((row) => row.status === 'sent').length === 2,
      'two extension emails',
    );
    expect(sent.map((row) => row.kind)).toEqual(['extended', 'extended']);
    expect(sent[0]!.raw).toMatch(/held for you until/);
    expect((await audit(id)).map((a) => a.action)).toEqual(['reservation.extended', 'reservation.extended']);
  });

  it('lets a viewer read but never act (403), and checks the CSRF token on every action', async () => {
    const id = await held('N6');
    for (const action of ['complete', 'cancel']) {
      const refused = await viewer.post(`/api/dealer/reservations/${id}/${action}`).expect(403);
      expect(refused.body.detail).toMatch(/'viewer'/);
    }
    await viewer.post(`/api/dealer/reservations/${id}/extend`, { hours: 1 }).expect(403);
    await api
      .http()
      .post(`/api/dealer/reservations/${id}/cancel`)
      .set('Cookie', sales.cookie)
      .set('x-csrf-token', viewer.csrf)
      .expect(403);
    expect((await sales.get(`/api/dealer/reservations/${id}`).expect(200)).body.status).toBe('held');
    expect(await audit(id)).toEqual([]);
  });

  it('answers races with one winner and a 409 problem: two clicks, and a dealer against ops', async () => {
    const twice = await held('N7');
    const [a, b] = await Promise.all([
      sales.post(`/api/dealer/reservations/${twice}/complete`),
      sales.post(`/api/dealer/reservations/${twice}/cancel`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(await audit(twice)).toHaveLength(1);

    const withOps = await held('N8');
    const [dealer, ops] = await Promise.all([
      sales.post(`/api/dealer/reservations/${withOps}/complete`),
      api.http().post(`/api/ops/reservations/${withOps}/cancel`).set('Authorization', `Bearer ${OPS_TOKEN}`),
    ]);
    // Ops answers 201 for its actions; exactly one side wins.
    expect([dealer.status < 300, ops.status < 300].filter(Boolean)).toHaveLength(1);
    expect([dealer.status, ops.status].filter((status) => status >= 300)).toEqual([409]);
    const final = (await ledger.find(withOps))!;
    expect(final.status).toBe(dealer.status === 200 ? 'completed' : 'cancelled');
    expect(await audit(withOps)).toHaveLength(dealer.status === 200 ? 1 : 0);
  });

  it('reminds the dealership once of a hold nobody acted on past dealer_response_hours, and not of one acted on', async () => {
    const waiting = await held('N9', api.siteSlug, 'waiting@example.com');
    const acted = await held('W2', api.siteSlug, 'acted@example.com');
    await westSales.post(`/api/dealer/reservations/${acted}/extend`, { hours: 1 }).expect(200);
    await sweep();
    // Paid moments ago: within the 2 hours.
    expect((await mails(waiting)).filter((m) => m.kind === 'dealer_reminder')).toEqual([]);
    await api.db.dataSource.query(
      `UPDATE reservations SET held_at = held_at - interval '3 hours' WHERE id = ANY($1::uuid[])`,
      [[waiting, acted]],
    );
    // Two sweeps at once (the api's and the worker's) remind once.
    const notices = new ReservationNotices(api.db.dataSource, { webPort: 3123 });
    const [first, second] = await Promise.all([notices.remindDue(new Date()), notices.remindDue(new Date())]);
    expect(first.length + second.length).toBe(1);
    await sweep();
    expect(await notices.remindDue(new Date())).toEqual([]);
    const reminders = await eventually(
      async () => (await mails(waiting)).filter((m) => m.kind === 'dealer_reminder'),
      (rows) => rows.length === 1 && rows[0]!.status === 'sent',
      'one reminder',
    );
    // The north dealership's owners and sales staff; its viewer reads only and is not asked to act.
    expect(reminders[0]!.recipients).toEqual(['sam@north.example']);
    expect(reminders[0]!.raw).toMatch(/nobody has acted on it yet/);
    // The console's address on the site's development host, on the web's port (quoted-printable unfolded).
    expect(reminders[0]!.raw.replace(/=\r?\n/g, '')).toContain(
      `http://${api.siteSlug}.localhost:3123/dealer/reservations`,
    );
    expect((await mails(acted)).filter((m) => m.kind === 'dealer_reminder')).toEqual([]);
    const listed = await sales.get(`/api/dealer/reservations/${waiting}`).expect(200);
    expect(listed.body.dealerRemindedAt).toEqual(expect.any(String));
  });

  it("answers another dealership's or another site's reservation exactly as an unknown id, on every endpoint (property)", async () => {
    await held('N1').catch(() => undefined);
    const rows = (await api.db.dataSource.query(`SELECT id, dealership_id FROM reservations`)) as {
      id: string;
      dealership_id: number;
    }[];
    const northIds = rows.filter((r) => r.dealership_id === api.fixture.north.id).map((r) => r.id);
    const westIds = rows.filter((r) => r.dealership_id === api.fixture.west.id).map((r) => r.id);
    const otherSite = [await held('O1', 'test-site-dealerres-other', 'o@example.com')];
    const unknown = '00000000-0000-4000-8000-000000000000';
    const endpoints = [
      { method: 'get', path: (id: string) => `/api/dealer/reservations/${id}` },
      { method: 'post', path: (id: string) => `/api/dealer/reservations/${id}/complete` },
      { method: 'post', path: (id: string) => `/api/dealer/reservations/${id}/cancel` },
      { method: 'post', path: (id: string) => `/api/dealer/reservations/${id}/extend`, body: { hours: 1 } },
    ] as const;
    const call = (endpoint: (typeof endpoints)[number], id: string) =>
      endpoint.method === 'get'
        ? westSales.get(endpoint.path(id))
        : westSales.post(endpoint.path(id), 'body' in endpoint ? endpoint.body : undefined);
    const same = (body: Record<string, unknown>) => ({ ...body, instance: null });
    const before = (await api.db.dataSource.query(
      `SELECT id, status, hold_expires_at FROM reservations ORDER BY id`,
    )) as unknown[];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.constantFrom(...northIds, ...otherSite),
        async (endpoint, id) => {
          const expected = await call(endpoint, unknown);
          const answer = await call(endpoint, id);
          expect(answer.status).toBe(404);
          expect(same(answer.body)).toEqual(same(expected.body));
        },
      ),
      { numRuns: 40 },
    );
    // Nothing of another dealership's changed.
    const afterwards = (await api.db.dataSource.query(
      `SELECT id, status, hold_expires_at FROM reservations ORDER BY id`,
    )) as unknown[];
    expect(afterwards.filter((row) => !westIds.includes((row as { id: string }).id))).toEqual(
      before.filter((row) => !westIds.includes((row as { id: string }).id)),
    );
  });

  it('never answers hostile query strings, ids or bodies with a 5xx, and names the field of a 400 (property)', async () => {
    const [{ id }] = (await api.db.dataSource.query(
      `SELECT id FROM reservations WHERE dealership_id = $1 AND status = 'held' LIMIT 1`,
      [api.fixture.north.id],
    )) as [{ id: string }];
    const hostile = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.constantFrom(
        '__proto__',
        'constructor',
        '%00',
        '\u0000',
        '\ud800',
        "'; DROP TABLE reservations; --",
        '9'.repeat(400),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('dealership', 'status', 'limit', '__proto__', 'constructor'),
        hostile,
        hostile,
        async (key, value, rawId) => {
          const list = await sales.get(`/api/dealer/reservations?${percent(key)}=${percent(value)}`);
          expect(list.status).toBeLessThan(500);
          if (list.status === 400)
            expect((list.body.errors as { path: string }[])[0]!.path).toMatch(
              /^(query\.)?(dealership|status|limit|__proto__|constructor)$/,
            );
          for (const action of ['', '/complete', '/cancel', '/extend']) {
            const answer =
              action === ''
                ? await sales.get(`/api/dealer/reservations/${percent(rawId)}`)
                : await sales.post(`/api/dealer/reservations/${percent(rawId)}${action}`, { hours: 1 });
            expect(answer.status).toBeLessThan(500);
          }
          const body = JSON.parse(`{"hours":${JSON.stringify(value)},${JSON.stringify(rawId)}:{"__proto__":{"x":1}}}`);
          const extend = await viewer.post(`/api/dealer/reservations/${id}/extend`, body);
          expect(extend.status).toBe(400);
          // The field is named: hours, or the hostile key itself when the edge refuses it first.
          const paths = (extend.body.errors as { path: string }[]).map((e) => e.path);
          expect(paths.some((path) => path === 'hours' || path.startsWith('body.'))).toBe(true);
          expect(({} as Record<string, unknown>)['x']).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
  });
});
