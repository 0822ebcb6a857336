import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { DevSmsSender, LeadDesk, TableMailer } from '@platform/leads';
import { enquireAtNorth, signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-lead-desk-0123456789';

/**
 * The lead desk's reads and rights against real PostgreSQL (issue 53's defects 2 and 8): the
 * lead's car photo is the platform's stored one, the shopper's whole name, nobody read-only is
 * assigned, and the export is an owner's right, logged, in words and local time.
 */
describe('Lead desk (real PostgreSQL): photo, names, assignment and export rights', () => {
  let api: SiteApiHarness;
  let owner: SignedInDealer;
  let sales: SignedInDealer;
  let viewer: SignedInDealer;
  let carId: number;
  let leadId: string;
  const hash = createHash('sha256').update('lead-desk-photo').digest('hex');

  beforeAll(async () => {
    api = await createSiteApiHarness('leaddesk', { env: { OPS_TOKEN, LEAD_SUBMIT_LIMIT_PER_MINUTE: '1000' } });
    const north = api.fixture.north;
    owner = await signInDealer(api, OPS_TOKEN, 'olive@north.example', [{ dealership: north.slug, role: 'owner' }]);
    sales = await signInDealer(api, OPS_TOKEN, 'sam@north.example', [{ dealership: north.slug, role: 'sales' }]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@north.example', [{ dealership: north.slug, role: 'viewer' }]);
    const [car] = (await api.db.dataSource.query(
      `INSERT INTO cars (dealership_id, stocknum, slug, car_type, status, make, model, year, price, data)
       VALUES ($1, 'LD1', 'ute-ld1', 'used', 'in_stock', 'Isuzu', 'D-Max', 2023, 45990, $2) RETURNING id`,
      [
        north.id,
        JSON.stringify({
          primary_image_url: 'https://dealer.example/ld1.jpg',
          images: [{ url: 'https://dealer.example/ld1.jpg' }],
        }),
      ],
    )) as { id: number }[];
    carId = car!.id;
    await api.db.dataSource.query(
      `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height, variants)
       VALUES ($1, 'https://dealer.example/ld1.jpg', 'stored', $2, 'jpeg', 1600, 1200, '{}')`,
      [north.id, hash],
    );
    const [lead] = (await api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data, car_id, created_at)
       VALUES ($1, $2, 'test_drive', 'enquiry', $3, '{}', $4, '2026-01-15T03:04:05Z') RETURNING id`,
      [
        api.fixture.siteId,
        north.id,
        JSON.stringify({ name: 'Maria', last_name: 'Nguyen', email: 'maria@example.com', phone: '0412345678' }),
        carId,
      ],
    )) as { id: string }[];
    leadId = lead!.id;
  });

  afterAll(async () => {
    await api?.close();
  });

  const MINUTE = 60_000;
  /** A shopper enquires through the real form endpoint: the lead's id. */
  const enquire = (name: string): Promise<string> => enquireAtNorth(api, name);
  const leadRow = async (id: string) =>
    (
      (await api.db.dataSource.query(
        `SELECT assigned_user_id, response_due_at, created_at, first_response_at, first_response_by, first_response_kind,
           escalation_level, status FROM leads WHERE id = $1`,
        [id],
      )) as {
        assigned_user_id: string | null;
        response_due_at: Date;
        created_at: Date;
        first_response_at: Date | null;
        first_response_by: string | null;
        first_response_kind: string | null;
        escalation_level: number;
        status: string;
      }[]
    )[0]!;
  const notices = async (id: string) =>
    (await api.db.dataSource.query(
      `SELECT kind, user_ids, status FROM lead_desk_notices WHERE lead_id = $1 ORDER BY created_at, id`,
      [id],
    )) as { kind: string; user_ids: string[]; status: string }[];
  const setLeads = (leads: Record<string, unknown>) =>
    api.db.dataSource.query(
      `UPDATE dealerships SET config = jsonb_set(coalesce(config, '{}'), '{leads}', coalesce(config->'leads', '{}') || $2::jsonb) WHERE id = $1`,
      [api.fixture.north.id, JSON.stringify(leads)],
    );

  describe('the first-response clock, round-robin and escalation (issue 53)', () => {
    let sue: SignedInDealer;
    let desk: LeadDesk;

    beforeAll(async () => {
      sue = await signInDealer(api, OPS_TOKEN, 'sue@north.example', [
        { dealership: api.fixture.north.slug, role: 'sales' },
      ]);
      desk = new LeadDesk(api.db.dataSource, { webPort: 3123 });
    });

    it('gives each new lead a due time and the next salesperson in turn, never a viewer or an owner while sales take leads', async () => {
      const ids = [await enquire('Rota One'), await enquire('Rota Two'), await enquire('Rota Three')];
      const rows = await Promise.all(ids.map(leadRow));
      for (const row of rows) {
        // No sales hours entered for this dealership: every minute counts, 5 minutes by default.
        expect(row.response_due_at.getTime() - row.created_at.getTime()).toBe(5 * MINUTE);
        expect([sales.id, sue.id]).toContain(row.assigned_user_id);
      }
      expect(rows[0]!.assigned_user_id).not.toBe(rows[1]!.assigned_user_id);
      expect(rows[2]!.assigned_user_id).toBe(rows[0]!.assigned_user_id);
      expect(await notices(ids[0]!)).toEqual([
        { kind: 'assigned', user_ids: [rows[0]!.assigned_user_id], status: 'pending' },
      ]);
      const history = await sales.get(`/api/dealer/leads/${ids[0]}`).expect(200);
      expect(history.body.history).toEqual([
        expect.objectContaining({
          action: 'lead.assigned',
          by: 'system',
          detail: expect.objectContaining({ rule: 'round_robin' }),
        }),
      ]);
      expect(history.body.response).toEqual({
        dueAt: expect.any(String),
        firstResponseAt: null,
        state: 'on_time',
        minutes: null,
      });
    });

    it('skips a salesperson who is not taking leads, and leaves leads unassigned, telling everyone, when the dealership assigns by hand', async () => {
      await api.db.dataSource.query(`UPDATE dealer_memberships SET takes_leads = false WHERE user_id = $1`, [sue.id]);
      const onlySam = [await enquire('Away One'), await enquire('Away Two')];
      for (const id of onlySam) expect((await leadRow(id)).assigned_user_id).toBe(sales.id);
      await api.db.dataSource.query(`UPDATE dealer_memberships SET takes_leads = true WHERE user_id = $1`, [sue.id]);

      await setLeads({ assignment: 'manual' });
      const manual = await enquire('By Hand');
      expect((await leadRow(manual)).assigned_user_id).toBeNull();
      const [told] = await notices(manual);
      expect(told!.kind).toBe('unassigned');
      expect([...told!.user_ids].sort()).toEqual([owner.id, sales.id, sue.id].sort());
      await setLeads({ assignment: 'round_robin' });
    });

    it('climbs the ladder once each step: the assignee at the due time, the owners later, then the next salesperson; an answer stops it', async () => {
      await setLeads({ escalate_to_owners_after_minutes: 10, reassign_after_minutes: 5 });
      const late = await enquire('Late Larry');
      const answered = await enquire('Quick Quinn');
      const { assigned_user_id: first, response_due_at: due } = await leadRow(late);
      const quinn = (await leadRow(answered)).assigned_user_id === sales.id ? sales : sue;
      await quinn.post(`/api/dealer/leads/${answered}/calls`, { outcome: 'left_message' }).expect(200);

      const at = (minutes: number) => new Date(due.getTime() + minutes * MINUTE);
      await desk.sweep(at(-1));
      expect((await leadRow(late)).escalation_level).toBe(0);
      await desk.sweep(at(0));
      await desk.sweep(at(1));
      expect(await notices(late)).toEqual([
        { kind: 'assigned', user_ids: [first], status: 'pending' },
        { kind: 'overdue', user_ids: [first], status: 'pending' },
      ]);
      await desk.sweep(at(10));
      await desk.sweep(at(11));
      expect((await notices(late)).map((n) => [n.kind, n.user_ids])).toEqual([
        ['assigned', [first]],
        ['overdue', [first]],
        ['escalated', [owner.id]],
      ]);
      await desk.sweep(at(15));
      await desk.sweep(at(30));
      const moved = await leadRow(late);
      expect(moved.assigned_user_id).not.toBe(first);
      expect([sales.id, sue.id]).toContain(moved.assigned_user_id);
      expect(moved.escalation_level).toBe(3);
      expect((await notices(late)).map((n) => n.kind)).toEqual(['assigned', 'overdue', 'escalated', 'reassigned']);
      // The lead answered by a call was never escalated.
      expect((await notices(answered)).map((n) => n.kind)).toEqual(['assigned']);
      expect(await leadRow(answered)).toMatchObject({
        first_response_kind: 'call',
        first_response_by: quinn.id,
        status: 'new',
      });
      await setLeads({ escalate_to_owners_after_minutes: 10, reassign_after_minutes: null });
    });

    it('leaves an overdue lead with whoever a person hands it to: the platform no longer moves it on', async () => {
      await setLeads({ escalate_to_owners_after_minutes: 10, reassign_after_minutes: 5 });
      try {
        const lead = await enquire('Handed Hannah');
        const { assigned_user_id: first, response_due_at: due } = await leadRow(lead);
        const other = first === sales.id ? sue : sales;
        const at = (minutes: number) => new Date(due.getTime() + minutes * MINUTE);
        await desk.sweep(at(0));
        expect((await leadRow(lead)).escalation_level).toBe(1);
        // The owner gives it to the other salesperson, who is told; then time passes past every step.
        await owner.post(`/api/dealer/leads/${lead}/assignee`, { userId: other.id }).expect(200);
        await desk.sweep(at(11));
        await desk.sweep(at(30));
        const row = await leadRow(lead);
        expect(row.assigned_user_id).toBe(other.id);
        expect(row.escalation_level).toBe(3);
        expect((await notices(lead)).map((n) => [n.kind, n.user_ids])).toEqual([
          ['assigned', [first]],
          ['overdue', [first]],
          ['assigned', [other.id]],
        ]);
      } finally {
        await setLeads({ escalate_to_owners_after_minutes: 10, reassign_after_minutes: null });
      }
    });

    it('stops the clock at the first status change from New, keeps who answered, and counts the views', async () => {
      const lead = await enquire('Status Stella');
      const assignee = (await leadRow(lead)).assigned_user_id === sales.id ? sales : sue;
      const before = await assignee.get('/api/dealer/leads/views').expect(200);
      await api.db.dataSource.query(
        `UPDATE leads SET created_at = created_at - interval '1 hour', response_due_at = response_due_at - interval '1 hour' WHERE id = $1`,
        [lead],
      );
      const overdue = await assignee.get('/api/dealer/leads?view=overdue').expect(200);
      expect(overdue.body.leads.map((l: { id: string }) => l.id)).toContain(lead);
      expect(overdue.body.leads.find((l: { id: string }) => l.id === lead).response.state).toBe('overdue');
      const mine = await assignee.get('/api/dealer/leads?view=mine').expect(200);
      for (const row of mine.body.leads as { assignee: { id: string } }[]) expect(row.assignee.id).toBe(assignee.id);
      const queue = await assignee.get('/api/dealer/leads?sort=due').expect(200);
      expect(queue.body.next).toBeNull();
      const during = await assignee.get('/api/dealer/leads/views').expect(200);
      expect(during.body.views.overdue).toBe(before.body.views.overdue + 1);

      await assignee.post(`/api/dealer/leads/${lead}/status`, { status: 'contacted' }).expect(200);
      expect(await leadRow(lead)).toMatchObject({ first_response_kind: 'status', first_response_by: assignee.id });
      const after = await assignee.get('/api/dealer/leads/views').expect(200);
      expect(after.body.views.overdue).toBe(before.body.views.overdue);
      const answered = await assignee.get(`/api/dealer/leads/${lead}`).expect(200);
      expect(answered.body.response.state).toBe('answered');
      // Answered an hour after it arrived (no sales hours entered: every minute is open time).
      expect(answered.body.response.minutes).toBeGreaterThanOrEqual(60);
      expect(answered.body.lostReasons).toContain('Bought elsewhere');
    });

    it('sends only what is still owed when a retry follows a failed text: never the email twice, nor a text twice', async () => {
      const lead = await enquire('Retried Rita');
      const [notice] = (await api.db.dataSource.query(
        `SELECT id, user_ids FROM lead_desk_notices WHERE lead_id = $1 AND kind = 'assigned'`,
        [lead],
      )) as { id: string; user_ids: string[] }[];
      const assignee = notice!.user_ids[0]!;
      await api.db.dataSource.query(
        `UPDATE dealer_users SET notify_sms = true, mobile = '+61412000999', sms_consent_at = now() WHERE id = $1`,
        [assignee],
      );
      try {
        const table = new TableMailer(api.db.dataSource, 'Dealer Platform <leads@platform.localhost>');
        const emails: string[] = [];
        const mailer = {
          send: (email: Parameters<TableMailer['send']>[0]) => (emails.push(email.deliveryId), table.send(email)),
        };
        const texts: string[] = [];
        let failNext = true;
        const sms = {
          send: async (message: { to: string }) => {
            if (failNext) {
              failNext = false;
              throw new Error('gateway down');
            }
            texts.push(message.to);
          },
        };
        // Quiet hours are off for this user, so the text is due whatever the time.
        await expect(desk.send(notice!.id, { mailer, sms }, { number: 1, max: 8 })).rejects.toThrow('gateway down');
        expect(await desk.send(notice!.id, { mailer, sms }, { number: 2, max: 8 })).toBe('sent');
        expect(emails).toEqual([notice!.id]);
        expect(texts).toEqual(['+61412000999']);
        const [row] = (await api.db.dataSource.query(
          `SELECT status, email_sent_at IS NOT NULL AS emailed, sms_sent_to FROM lead_desk_notices WHERE id = $1`,
          [notice!.id],
        )) as { status: string; emailed: boolean; sms_sent_to: string[] }[];
        expect(row).toEqual({ status: 'sent', emailed: true, sms_sent_to: [assignee] });
      } finally {
        await api.db.dataSource.query(`UPDATE dealer_users SET notify_sms = false WHERE id = $1`, [assignee]);
      }
    });

    it("tells people by email with the lead's console link, and skips an overdue notice once the lead is answered", async () => {
      const lead = await enquire('Mailed Mandy');
      const mailer = new TableMailer(api.db.dataSource, 'Dealer Platform <leads@platform.localhost>');
      const sms = new DevSmsSender(api.db.dataSource);
      const [assigned] = (await api.db.dataSource.query(
        `SELECT id FROM lead_desk_notices WHERE lead_id = $1 AND kind = 'assigned'`,
        [lead],
      )) as { id: string }[];
      expect(await desk.send(assigned!.id, { mailer, sms }, { number: 1, max: 8 })).toBe('sent');
      expect(await desk.send(assigned!.id, { mailer, sms }, { number: 1, max: 8 })).toBe('skipped');
      const [mail] = (await api.db.dataSource.query(
        `SELECT recipients, subject, raw FROM outbound_emails WHERE delivery_id = $1`,
        [assigned!.id],
      )) as { recipients: string[]; subject: string; raw: string }[];
      const assignee = (await leadRow(lead)).assigned_user_id === sales.id ? 'sam@north.example' : 'sue@north.example';
      expect(mail).toMatchObject({ recipients: [assignee], subject: 'New lead for you: Mailed Mandy · North Motors' });
      // Quoted-printable folds long lines with a soft break ('=' at the end of a line).
      expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(`/dealer/leads/${lead}`);

      const [overdue] = (await api.db.dataSource.query(
        `INSERT INTO lead_desk_notices (lead_id, kind, user_ids) SELECT id, 'overdue', ARRAY[assigned_user_id] FROM leads WHERE id = $1 RETURNING id`,
        [lead],
      )) as { id: string }[];
      await sales
        .post(`/api/dealer/leads/${lead}/calls`, { outcome: 'spoke', note: 'Booked a test drive' })
        .expect(200);
      expect(await desk.send(overdue!.id, { mailer, sms }, { number: 1, max: 8 })).toBe('skipped');
      expect((await leadRow(lead)).status).toBe('contacted');
    });

    it('goes on climbing however long the dealership was closed, and tells nobody who has left', async () => {
      await setLeads({ escalate_to_owners_after_minutes: 10, reassign_after_minutes: null });
      // A lead told overdue to its assignee on Friday evening, swept again on Monday: the owners' step
      // is still to come (the first day's window bounds only the first step).
      const weekend = await enquire('Weekend Wendy');
      await api.db.dataSource.query(
        `UPDATE leads SET created_at = now() - interval '3 days', response_due_at = now() - interval '3 days',
           escalation_level = 1 WHERE id = $1`,
        [weekend],
      );
      await desk.sweep(new Date());
      expect((await notices(weekend)).map((n) => n.kind)).toEqual(['assigned', 'escalated']);
      expect((await leadRow(weekend)).escalation_level).toBe(3);

      // Its assignee leaves the dealership before the lead is overdue: everyone taking leads is told,
      // and a notice queued for them earlier is sent to nobody who left.
      const left = await enquire('Left Lenny');
      const { assigned_user_id: leaver } = await leadRow(left);
      const stayer = leaver === sales.id ? sue : sales;
      await api.db.dataSource.query(`DELETE FROM dealer_memberships WHERE user_id = $1 AND dealership_id = $2`, [
        leaver,
        api.fixture.north.id,
      ]);
      await api.db.dataSource.query(`UPDATE leads SET response_due_at = now() - interval '1 minute' WHERE id = $1`, [
        left,
      ]);
      await desk.sweep(new Date());
      const [, overdue] = await notices(left);
      expect(overdue!.kind).toBe('overdue');
      expect(overdue!.user_ids).not.toContain(leaver);
      expect(overdue!.user_ids).toEqual(expect.arrayContaining([stayer.id, owner.id]));
      const [assigned] = (await api.db.dataSource.query(
        `SELECT id FROM lead_desk_notices WHERE lead_id = $1 AND kind = 'assigned'`,
        [left],
      )) as { id: string }[];
      const mailer = new TableMailer(api.db.dataSource, 'Dealer Platform <leads@platform.localhost>');
      await desk.send(assigned!.id, { mailer, sms: new DevSmsSender(api.db.dataSource) }, { number: 1, max: 8 });
      const sentTo = (await api.db.dataSource.query(`SELECT recipients FROM outbound_emails WHERE delivery_id = $1`, [
        assigned!.id,
      ])) as { recipients: string[] }[];
      expect(sentTo.flatMap((row) => row.recipients)).toEqual([]);
      await api.db.dataSource.query(
        `INSERT INTO dealer_memberships (user_id, dealership_id, role) VALUES ($1, $2, 'sales')`,
        [leaver, api.fixture.north.id],
      );
    });

    it("answers the new endpoints for another dealership's lead as an unknown one, and hostile bodies with a named field, never a 5xx (property)", async () => {
      const [westLead] = (await api.db.dataSource.query(
        `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data) VALUES ($1, $2, 'general', 'enquiry', '{}', '{}') RETURNING id`,
        [api.fixture.siteId, api.fixture.west.id],
      )) as { id: string }[];
      const unknown = await sales.post(`/api/dealer/leads/00000000-0000-4000-8000-000000000000/calls`, {
        outcome: 'spoke',
      });
      const other = await sales.post(`/api/dealer/leads/${westLead!.id}/calls`, { outcome: 'spoke' });
      expect(other.status).toBe(404);
      expect({ ...other.body, instance: null }).toEqual({ ...unknown.body, instance: null });
      expect((await sales.get('/api/dealer/leads/views?dealership=' + api.fixture.west.slug)).status).toBe(404);
      const mine = await enquire('Fuzz Fiona');
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue(),
            fc.record(
              {
                outcome: fc.oneof(fc.string(), fc.constantFrom('spoke', 'SPOKE', '__proto__')),
                note: fc.oneof(
                  fc.string({ maxLength: 3000 }),
                  fc.integer(),
                  fc.constantFrom('NUL \u0000 here', 'bell \u0007', 'bidi \u202e', 'lone \ud800'),
                ),
              },
              { requiredKeys: [] },
            ),
            // Hostile keys beside a valid outcome: an own __proto__ (as JSON.parse makes it), NUL and
            // control characters in a key.
            fc
              .tuple(
                fc.constantFrom('__proto__', 'constructor', 'outcome\u0000', '\u0007', 'prototype'),
                fc.jsonValue(),
              )
              .map(([key, value]) => {
                const body: Record<string, unknown> = { outcome: 'left_message' };
                Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
                return body;
              }),
          ),
          fc.constantFrom('mine', 'overdue', 'nope', '', '__proto__', 'today'),
          async (body, view) => {
            const call = await api
              .http()
              .post(`/api/dealer/leads/${mine}/calls`)
              .set('Cookie', sales.cookie)
              .set('x-csrf-token', sales.csrf)
              .set('Content-Type', 'application/json')
              .send(JSON.stringify(body));
            expect(call.status).toBeLessThan(500);
            if (call.status === 400) expect((call.body.errors as { path: string }[]).length).toBeGreaterThan(0);
            const listed = await sales.get(`/api/dealer/leads?view=${encodeURIComponent(view)}`);
            expect(listed.status).toBeLessThan(500);
            if (listed.status === 400) expect(listed.body.errors[0].path).toMatch(/view/);
          },
        ),
        { numRuns: 40 },
      );
    });
  });

  it("shows the car's stored photo from the platform, never the dealer's own address (defect 2)", async () => {
    const lead = await sales.get(`/api/dealer/leads/${leadId}`).expect(200);
    expect(lead.body.vehicle.photo).toMatch(new RegExp(`^/media/photos/${hash}/`));
    expect(JSON.stringify(lead.body.vehicle)).not.toContain('dealer.example');
  });

  it('names the shopper in full, first and last name, in the list, the lead and the search (defect 8)', async () => {
    const lead = await sales.get(`/api/dealer/leads/${leadId}`).expect(200);
    expect(lead.body.name).toBe('Maria Nguyen');
    const found = await sales.get('/api/dealer/leads?q=nguyen').expect(200);
    expect(found.body.leads.map((l: { id: string; name: string }) => [l.id, l.name])).toEqual([
      [leadId, 'Maria Nguyen'],
    ]);
  });

  it('never assigns a lead to a read-only user, nor offers one (defect 8)', async () => {
    const lead = await owner.get(`/api/dealer/leads/${leadId}`).expect(200);
    const offered = (lead.body.assignees as { id: string }[]).map((a) => a.id);
    expect(offered).toEqual(expect.arrayContaining([owner.id, sales.id]));
    expect(offered).not.toContain(viewer.id);
    const refused = await owner.post(`/api/dealer/leads/${leadId}/assignee`, { userId: viewer.id }).expect(400);
    expect(refused.body.errors).toEqual([{ path: 'userId', message: expect.stringMatching(/read only|viewer/i) }]);
    const [row] = (await api.db.dataSource.query(`SELECT assigned_user_id FROM leads WHERE id = $1`, [leadId])) as {
      assigned_user_id: string | null;
    }[];
    expect(row!.assigned_user_id).toBeNull();
  });

  it("exports contact details to owners only, logs who exported what, in words and the dealership's time (defect 8)", async () => {
    for (const user of [sales, viewer]) {
      const refused = await user.get('/api/dealer/leads.csv?q=nguyen').expect(403);
      expect(refused.body.detail).toMatch(/owner/i);
    }
    const csv = await owner
      .get('/api/dealer/leads.csv?q=nguyen')
      .buffer(true)
      .parse((res, done) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done(null, body));
      });
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^"Received","Time zone",/);
    // 03:04 UTC is 1:04 pm in Brisbane; the form and status in the console's words.
    expect(lines[1]).toMatch(/^"2026-01-15 13:04","Australia\/Brisbane",/);
    expect(lines[1]).toContain('"Test drive"');
    expect(lines[1]).toContain('"New"');
    expect(lines[1]).toContain('"Maria Nguyen"');
    const logged = (await api.db.dataSource.query(
      `SELECT user_id, action, detail FROM dealer_audit_log WHERE action = 'leads.exported'`,
    )) as { user_id: string; action: string; detail: Record<string, unknown> }[];
    expect(logged).toEqual([
      { user_id: owner.id, action: 'leads.exported', detail: { rows: 1, filters: { q: true } } },
    ]);
  });
});
