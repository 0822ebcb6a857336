import fc from 'fast-check';
import { LEAD_CUSTOMER_EMAIL_SQL, LEAD_CUSTOMER_PHONE_SQL } from '@platform/db';
import { customerKeys } from '@platform/domain';
import { signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-lead-customers-0123456789';

/**
 * The customer (issue 53 item 5) against real PostgreSQL: one shopper's leads grouped by the
 * normalised email or phone, a repeat within minutes marked a duplicate (not assigned, announced or
 * counted again), and another dealership's leads of the same shopper never shown.
 */
describe('The customer (real PostgreSQL): grouping, duplicates and their scope', () => {
  let api: SiteApiHarness;
  let owner: SignedInDealer;
  let both: SignedInDealer;
  let ann: SignedInDealer;
  let ben: SignedInDealer;
  let westLocationId: number;

  beforeAll(async () => {
    api = await createSiteApiHarness('leadcust', { env: { OPS_TOKEN, LEAD_SUBMIT_LIMIT_PER_MINUTE: '1000' } });
    const { north, west } = api.fixture;
    owner = await signInDealer(api, OPS_TOKEN, 'olive@north.example', [{ dealership: north.slug, role: 'owner' }]);
    // Two salespeople: round-robin gives consecutive new leads to different people.
    ann = await signInDealer(api, OPS_TOKEN, 'ann@north.example', [{ dealership: north.slug, role: 'sales' }]);
    ben = await signInDealer(api, OPS_TOKEN, 'ben@north.example', [{ dealership: north.slug, role: 'sales' }]);
    // A group manager of both dealerships: still sees only the lead's own dealership's customer.
    both = await signInDealer(api, OPS_TOKEN, 'gm@group.example', [
      { dealership: north.slug, role: 'owner' },
      { dealership: west.slug, role: 'owner' },
    ]);
    const [location] = (await api.db.dataSource.query(
      `SELECT id FROM locations WHERE dealership_id = $1 ORDER BY "primary" DESC, id LIMIT 1`,
      [west.id],
    )) as { id: number }[];
    westLocationId = location!.id;
  });

  afterAll(async () => {
    await api?.close();
  });

  type Shopper = { name: string; email: string; phone: string; message?: string; west?: boolean };
  /** A shopper enquires through the real form endpoint: the lead's id. */
  const enquire = async (shopper: Shopper): Promise<string> =>
    (
      await api
        .http()
        .post(`/api/sites/${api.siteSlug}/leads`)
        .send({
          form: 'general',
          name: shopper.name,
          email: shopper.email,
          phone: shopper.phone,
          message: shopper.message ?? 'Is it still available?',
          category: 'General Enquiry',
          location: String(shopper.west ? westLocationId : api.fixture.north.primaryLocationId),
          dealership_slug: shopper.west ? api.fixture.west.slug : api.fixture.north.slug,
          terms_conditions: true,
        })
        .expect(201)
    ).body.lead_id as string;
  const leadRow = async (id: string) =>
    (
      (await api.db.dataSource.query(
        `SELECT customer_email, customer_phone, duplicate_of, assigned_user_id, response_due_at, escalation_level
         FROM leads WHERE id = $1`,
        [id],
      )) as {
        customer_email: string | null;
        customer_phone: string | null;
        duplicate_of: string | null;
        assigned_user_id: string | null;
        response_due_at: Date;
        escalation_level: number;
      }[]
    )[0]!;
  const notices = async (id: string) =>
    (await api.db.dataSource.query(`SELECT kind FROM lead_desk_notices WHERE lead_id = $1`, [id])) as {
      kind: string;
    }[];
  /** Moves a lead back in time, as if it came in that long ago (outside the duplicate window). */
  const age = (id: string, minutes: number) =>
    api.db.dataSource.query(`UPDATE leads SET created_at = created_at - make_interval(mins => $2) WHERE id = $1`, [
      id,
      minutes,
    ]);
  const reportTotal = async () => (await owner.get('/api/dealer/reports/leads').expect(200)).body.total as number;

  it('groups the same shopper, phone and email typed differently, into one customer, with their reservations', async () => {
    const first = await enquire({ name: 'Maria', email: 'maria.nguyen@example.com', phone: '0412 345 678' });
    await age(first, 60);
    const second = await enquire({ name: 'Maria', email: 'Maria.Nguyen@Example.com', phone: '+61 412 345 678' });
    await age(second, 30);
    // Only the phone in common: still her.
    const third = await enquire({ name: 'Maria', email: 'maria@work.example', phone: '0412345678' });
    expect(await leadRow(first)).toEqual(
      expect.objectContaining({ customer_email: 'maria.nguyen@example.com', customer_phone: '+61412345678' }),
    );
    expect((await leadRow(second)).customer_email).toBe('maria.nguyen@example.com');
    // Another shopper at the same dealership is not her customer.
    const stranger = await enquire({ name: 'Tom', email: 'tom@example.com', phone: '0498 765 432' });
    const [reservation] = (await api.db.dataSource.query(
      `INSERT INTO reservations (kind, site_id, dealership_id, car_summary, contact, deposit_cents, status, payment_provider,
         payment_deadline, lead_id)
       VALUES ('reserve', $1, $2, '{}', '{}', 50000, 'held', 'local', now() + interval '1 hour', $3) RETURNING id`,
      [api.fixture.siteId, api.fixture.north.id, first],
    )) as { id: string }[];

    const { body } = await owner.get(`/api/dealer/leads/${third}`).expect(200);
    expect(body.duplicateOf).toBeNull();
    expect(body.customer.leads.map((lead: { id: string }) => lead.id)).toEqual([second, first]);
    expect(body.customer.leads[0]).toEqual({
      id: second,
      createdAt: expect.any(String),
      form: 'general',
      status: 'new',
      car: null,
      duplicateOf: null,
    });
    expect(body.customer.reservations).toEqual([
      expect.objectContaining({ id: reservation!.id, leadId: first, kind: 'reserve', status: 'held', deposit: 500 }),
    ]);
    // The customer's fields sit beside the lead page's own, which are untouched.
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['customer', 'duplicateOf', 'name', 'answers', 'tasks']));
    const other = await owner.get(`/api/dealer/leads/${stranger}`).expect(200);
    expect(other.body.customer).toEqual({ leads: [], reservations: [] });
  });

  it('marks a repeat within 10 minutes a duplicate: the first lead’s salesperson and due time, no new notice, not counted', async () => {
    const before = await reportTotal();
    const first = await enquire({ name: 'Jo', email: 'jo.citizen@example.com', phone: '02 9876 5432' });
    const repeat = await enquire({ name: 'Jo', email: ' JO.CITIZEN@example.com', phone: '+61 2 9876 5432' });
    const firstRow = await leadRow(first);
    const repeatRow = await leadRow(repeat);
    expect(firstRow.duplicate_of).toBeNull();
    expect(firstRow.assigned_user_id).not.toBeNull();
    expect(repeatRow).toEqual(
      expect.objectContaining({
        duplicate_of: first,
        // Round-robin would have given it to the other salesperson: it stays with the first's.
        assigned_user_id: firstRow.assigned_user_id,
        response_due_at: firstRow.response_due_at,
        escalation_level: 3,
      }),
    );
    expect([ann.id, ben.id]).toContain(firstRow.assigned_user_id);
    expect(await notices(first)).toEqual([{ kind: 'assigned' }]);
    expect(await notices(repeat)).toEqual([]);
    // A third press points at the first lead too.
    const third = await enquire({ name: 'Jo', email: 'jo.citizen@example.com', phone: '0298765432' });
    expect((await leadRow(third)).duplicate_of).toBe(first);
    expect(await notices(third)).toEqual([]);

    const { body } = await owner.get(`/api/dealer/leads/${repeat}`).expect(200);
    expect(body.duplicateOf).toBe(first);
    expect(body.history).toEqual([
      expect.objectContaining({
        action: 'lead.duplicate',
        by: 'system',
        detail: expect.objectContaining({ of: first }),
      }),
    ]);
    expect(body.customer.leads).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: first, duplicateOf: null })]),
    );
    // Three leads in, one enquiry counted.
    expect(await reportTotal()).toBe(before + 1);

    // The next salesperson is still next: the repeats took nobody's turn.
    const next = await enquire({ name: 'Kim', email: 'kim@example.com', phone: '0455 111 222' });
    const nextRow = await leadRow(next);
    expect(nextRow.duplicate_of).toBeNull();
    expect(nextRow.assigned_user_id).not.toBe(firstRow.assigned_user_id);
    expect(await reportTotal()).toBe(before + 2);
  });

  it('is not a duplicate after the window, or with another question', async () => {
    const first = await enquire({ name: 'Lee', email: 'lee@example.com', phone: '0400 000 001' });
    await age(first, 11);
    const later = await enquire({ name: 'Lee', email: 'lee@example.com', phone: '0400 000 001' });
    expect((await leadRow(later)).duplicate_of).toBeNull();
    expect(await notices(later)).toEqual([{ kind: 'assigned' }]);
    const [car] = (await api.db.dataSource.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, status, make, model, year, price, data)
       VALUES ($1, 'LC1', 'ute-lc1', 'used', 'in_stock', 'Isuzu', 'D-Max', 2023, 45990, '{}') RETURNING id`,
      [api.fixture.north.id],
    )) as { id: number }[];
    // The same shopper about a car, minutes after a general enquiry: another question, its own lead.
    await api.db.dataSource.query(`UPDATE leads SET car_id = $2 WHERE id = $1`, [later, car!.id]);
    const general = await enquire({ name: 'Lee', email: 'lee@example.com', phone: '0400 000 001' });
    expect((await leadRow(general)).duplicate_of).toBeNull();
    const { body } = await owner.get(`/api/dealer/leads/${general}`).expect(200);
    expect(body.customer.leads).toEqual([
      expect.objectContaining({ id: later, car: { title: '2023 Isuzu D-Max' } }),
      expect.objectContaining({ id: first, car: null }),
    ]);
  });

  it("never shows another dealership's lead of the same shopper, nor marks it a duplicate across dealerships", async () => {
    const shopper = { name: 'Ava', email: 'ava@example.com', phone: '0433 222 111' };
    const north = await enquire(shopper);
    const west = await enquire({ ...shopper, west: true });
    expect((await leadRow(west)).duplicate_of).toBeNull();
    expect((await leadRow(west)).customer_phone).toBe('+61433222111');
    for (const user of [owner, both]) {
      const { body } = await user.get(`/api/dealer/leads/${north}`).expect(200);
      expect(body.customer).toEqual({ leads: [], reservations: [] });
    }
    const { body } = await both.get(`/api/dealer/leads/${west}`).expect(200);
    expect(body.customer.leads).toEqual([]);
    // And north's owner cannot read west's lead at all.
    await owner.get(`/api/dealer/leads/${west}`).expect(404);
  });

  it("backfills with SQL that agrees with the domain's customerKeys for anything typed (property)", async () => {
    const digit = fc.constantFrom(...'0123456789');
    const typedPhone = fc.oneof(
      fc
        .tuple(
          fc.constantFrom('0', '+61', '+61 ', '+61 (0)', '(0', '+610', '61', '', '+44 '),
          fc.array(fc.oneof(digit, digit, digit, fc.constantFrom(' ', '-', '.', '(', ')', '\t', '\u00a0', 'x')), {
            maxLength: 14,
          }),
        )
        .map(([prefix, rest]) => `${prefix}${rest.join('')}`),
      fc.string({ maxLength: 20 }),
    );
    const typedEmail = fc.oneof(
      fc
        .tuple(fc.constantFrom('', ' ', '\t', '\u00a0'), fc.emailAddress(), fc.constantFrom('', ' ', '\n'))
        .map(([a, email, b]) => `${a}${email.replace(/^./, (c) => c.toUpperCase())}${b}`),
      fc.string({ maxLength: 20 }),
      fc.constantFrom('ÉMILE@Example.COM', '  ', ''),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          email: fc.option(typedEmail, { nil: undefined }),
          phone: fc.option(typedPhone, { nil: undefined }),
        }),
        async (fields) => {
          const [row] = (await api.db.dataSource.query(
            `SELECT ${LEAD_CUSTOMER_EMAIL_SQL} AS email, ${LEAD_CUSTOMER_PHONE_SQL} AS phone FROM (SELECT $1::jsonb AS fields) l`,
            [JSON.stringify(fields)],
          )) as { email: string | null; phone: string | null }[];
          expect(row).toEqual(customerKeys(fields));
        },
      ),
      { numRuns: 300 },
    );
  });
});
