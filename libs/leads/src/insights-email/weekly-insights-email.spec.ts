import fc from 'fast-check';
import Redis from 'ioredis';
import { QueueProducer } from '@platform/queues';
import { createMailer, type LeadEmail } from '../delivery/lead-mailer';
import {
  createStockFixture,
  createTestDatabase,
  TEST_REDIS_URL,
  uniqueRedisPrefix,
  type StockFixture,
  type TestDatabase,
} from '@platform/testing';
import { insightsUnsubscribeToken, readInsightsUnsubscribeToken } from './insights-email-token';
import { insightsEmailWeek, startInsightsEmailWorkers } from './weekly-insights-email';

const SECRET = 'test-secret-for-insights-email-links-0123456789';
// Monday 23 November 2026 is the week; Brisbane (the fixture's zone) is UTC+10 all year.
const MONDAY_7_30 = new Date('2026-11-22T21:30:00Z');
const MONDAY_8_05 = new Date('2026-11-22T22:05:00Z');
const NEXT_MONDAY_9 = new Date('2026-11-29T23:00:00Z');

describe('the weekly stock insights email (real PostgreSQL, Redis and BullMQ worker, injected clock)', () => {
  let db: TestDatabase;
  let fixture: StockFixture;
  let redis: Redis;
  let clock = MONDAY_7_30;
  const prefix = uniqueRedisPrefix();
  const cars: { id: number; score: number }[] = [];
  const owners: Record<string, string> = {};

  const user = async (email: string, dealershipId: number, role: string): Promise<string> => {
    const [{ id }] = (await db.dataSource.query(
      `INSERT INTO dealer_users (site_id, email, name) VALUES ($1, $2, 'Someone') RETURNING id`,
      [fixture.siteId, email],
    )) as { id: string }[];
    await db.dataSource.query(`INSERT INTO dealer_memberships (user_id, dealership_id, role) VALUES ($1, $2, $3)`, [
      id,
      dealershipId,
      role,
    ]);
    return id;
  };

  beforeAll(async () => {
    db = await createTestDatabase('platform_insights_email');
    fixture = await createStockFixture(db.dataSource, 'mail');
    redis = new Redis(TEST_REDIS_URL);
    await db.dataSource.query(
      `INSERT INTO site_hosts (site_id, host, "primary") VALUES ($1, 'north.example.com.au', true)`,
      [fixture.siteId],
    );
    // Seven rated cars of North (scores 10..70) and one of West, which North's email never names.
    for (const [i, dealershipId] of [0, 1, 2, 3, 4, 5, 6, 7].map((i) => [
      i,
      i < 7 ? fixture.north.id : fixture.west.id,
    ])) {
      const [{ id }] = (await db.dataSource.query(
        `INSERT INTO cars (dealership_id, stocknum, slug, car_type, make, model, year, price, km, created_at)
         VALUES ($1, $2, $2, 'used', 'Kia', 'Rio', 2022, 20000, 30000, now() - interval '40 days') RETURNING id`,
        [dealershipId, `M${i}`],
      )) as { id: number }[];
      const score = 10 * (i! + 1);
      await db.dataSource.query(
        `INSERT INTO car_insights (car_id, dealership_id, computed_at, score, band, explanation, segment, expected_views7,
           expected_enquiries7, price_position) VALUES ($1, $2, now(), $3, 'Needs attention', $4, 'Kia Rio', 10, 1, 'at')`,
        [id, dealershipId, score, `Views are ${score}% of similar cars.`],
      );
      if (dealershipId === fixture.north.id) cars.push({ id: id!, score });
    }
    owners['olive'] = await user('olive@north.example', fixture.north.id, 'owner');
    owners['otto'] = await user('otto@north.example', fixture.north.id, 'owner');
    owners['sam'] = await user('sam@north.example', fixture.north.id, 'sales');
    await db.dataSource.query(`INSERT INTO dealer_insights_email_opt_outs (user_id) VALUES ($1)`, [owners['otto']]);
  });

  afterAll(async () => {
    await redis?.quit();
    await db?.destroy();
  });

  const emails = async () =>
    (await db.dataSource.query(`SELECT recipients, subject, raw FROM outbound_emails ORDER BY created_at`)) as {
      recipients: string[];
      subject: string;
      raw: string;
    }[];

  it('knows the week and when it is due in the dealership’s own zone', () => {
    expect(insightsEmailWeek(MONDAY_7_30, 'Australia/Brisbane')).toEqual({ week: '2026-11-23', due: false });
    expect(insightsEmailWeek(MONDAY_8_05, 'Australia/Brisbane')).toEqual({ week: '2026-11-23', due: true });
    // Perth's Monday 8:00 is two hours later than Brisbane's.
    expect(insightsEmailWeek(MONDAY_8_05, 'Australia/Perth').due).toBe(false);
    expect(insightsEmailWeek(new Date('2026-11-26T00:00:00Z'), 'Australia/Brisbane').due).toBe(false);
  });

  it('sends each owner who has not unsubscribed the five cars needing attention, once a week, on Monday from 8:00', async () => {
    // The development mailer (outbound_emails), with every send counted: its table alone would
    // fold a repeated delivery id, hiding a second send that SMTP would make.
    const table = createMailer(db.dataSource, {});
    const sent: LeadEmail[] = [];
    const mailer = { send: (email: LeadEmail) => (sent.push(email), table.send(email)), close: () => table.close() };
    const workers = await startInsightsEmailWorkers({
      mailer,
      dataSource: db.dataSource,
      redisUrl: TEST_REDIS_URL,
      prefix,
      linkSecret: SECRET,
      now: () => clock,
      schedule: false,
    });
    const producer = new QueueProducer(redis, prefix);
    const tick = async () => {
      const id = await producer.add('insightsEmail', { task: 'tick' });
      const done = async () => (await producer.queue('insightsEmail').getJob(id))?.isCompleted();
      for (let i = 0; i < 200 && !(await done()); i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(await done()).toBe(true);
    };
    try {
      await tick();
      expect(await emails()).toEqual([]);

      clock = MONDAY_8_05;
      await tick();
      const [email, ...more] = await emails();
      expect(more).toEqual([]);
      expect(email!.recipients).toEqual(['olive@north.example']);
      expect(email!.subject).toBe('North Motors: 5 cars need attention this week');
      // Unfolded: long headers continue on indented lines, quoted-printable bodies on '=' line ends.
      const raw = email!.raw.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '');
      expect(raw).toMatch(
        /^List-Unsubscribe: <https?:\/\/north\.example\.com\.au\/api\/dealer\/insights\/email\/unsubscribe\?token=[^>]+>/m,
      );
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      const named = [...raw.matchAll(/\/dealer\/insights\/cars\/(\d+)/g)].map((m) => Number(m[1]));
      const lowest = cars.slice(0, 5).map((car) => car.id);
      expect([...new Set(named)].sort()).toEqual([...lowest].sort());
      expect(raw).toContain('Views are 10% of similar cars.');
      const token = /token=([A-Za-z0-9_.-]+)/.exec(raw)![1]!;
      expect(readInsightsUnsubscribeToken(SECRET, token)).toBe(owners['olive']);

      // A second tick, a second worker's run, or later the same week: nothing more.
      await tick();
      clock = new Date('2026-11-23T03:00:00Z');
      await tick();
      expect(await emails()).toHaveLength(1);
      expect(sent).toHaveLength(1);
      const [marker] = await db.dataSource.query(`SELECT week::text, recipients FROM dealer_insights_emails`);
      expect(marker).toEqual({ week: '2026-11-23', recipients: 1 });

      // The next Monday is a new week.
      clock = NEXT_MONDAY_9;
      await tick();
      expect(await emails()).toHaveLength(2);
      expect(sent).toHaveLength(2);
    } finally {
      await workers.close();
      await producer.close();
    }
  }, 60_000);

  it('reads only genuine unsubscribe tokens: hostile, altered or foreign ones are null (property)', () => {
    const id = '2f1d6c0e-8f0a-4a43-9d55-0b6f3c1d2e4f';
    const token = insightsUnsubscribeToken(SECRET, id);
    expect(readInsightsUnsubscribeToken(SECRET, token)).toBe(id);
    expect(readInsightsUnsubscribeToken('another-secret-another-secret-0123', token)).toBeNull();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.constantFrom(
            '__proto__',
            'constructor',
            '\u0000',
            '\ud800',
            `${id}.`,
            `${id}.${'A'.repeat(43)}`,
            'x'.repeat(10_000),
          ),
          fc.string({ maxLength: 5 }).map((tail) => `${token}${tail}`),
        ),
        (text) => {
          if (text === token) return;
          expect(readInsightsUnsubscribeToken(SECRET, text)).toBeNull();
        },
      ),
    );
    expect(readInsightsUnsubscribeToken(SECRET, 42)).toBeNull();
  });
});
