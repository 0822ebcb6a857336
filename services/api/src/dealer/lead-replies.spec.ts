import fc from 'fast-check';
import { PLATFORM_DEFAULTS } from '@platform/domain';
import { DevSmsSender, LeadReplies, TableMailer } from '@platform/leads';
import { enquireAtNorth, signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-lead-replies-0123456789';
const FROM = 'Dealer Platform <leads@platform.localhost>';

/**
 * Replying to a shopper from the console, and the automatic acknowledgement (issue 53 item 7),
 * against real PostgreSQL: the reply is the lead's first response and lands in the development
 * outbox from the dealership's name; a text needs the shopper's agreement; an idempotency key
 * sends once; another dealership's lead is unknown; hostile bodies get a named field, never a 5xx.
 */
describe('Replies to the shopper (real PostgreSQL)', () => {
  let api: SiteApiHarness;
  let sales: SignedInDealer;
  let viewer: SignedInDealer;
  let replies: LeadReplies;
  const mailer = () => new TableMailer(api.db.dataSource, FROM);

  beforeAll(async () => {
    api = await createSiteApiHarness('leadreplies', { env: { OPS_TOKEN, LEAD_SUBMIT_LIMIT_PER_MINUTE: '1000' } });
    const north = api.fixture.north.slug;
    sales = await signInDealer(api, OPS_TOKEN, 'sam@north.example', [{ dealership: north, role: 'sales' }]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@north.example', [{ dealership: north, role: 'viewer' }]);
    replies = new LeadReplies(api.db.dataSource, { webPort: 3123 });
  });

  afterAll(async () => {
    await api?.close();
  });

  let shopper = 0;
  /** A shopper enquires through the real form endpoint: the lead's id. */
  const enquire = (extra: Record<string, unknown> = {}): Promise<string> => {
    shopper += 1;
    return enquireAtNorth(api, 'Maria', {
      email: `maria.${shopper}@example.com`,
      phone: `0412 ${String(100000 + shopper).slice(0, 3)} ${String(100000 + shopper).slice(3)}`,
      ...extra,
    });
  };
  const setLeads = (leads: Record<string, unknown>) =>
    api.db.dataSource.query(
      `UPDATE dealerships SET config = jsonb_set(coalesce(config, '{}'), '{leads}', coalesce(config->'leads', '{}') || $2::jsonb) WHERE id = $1`,
      [api.fixture.north.id, JSON.stringify(leads)],
    );
  const replyRows = async (leadId: string) =>
    (await api.db.dataSource.query(
      `SELECT id, kind, channel, recipient, subject, body, status, user_id FROM lead_replies WHERE lead_id = $1 ORDER BY created_at, id`,
      [leadId],
    )) as {
      id: string;
      kind: string;
      channel: string;
      recipient: string;
      subject: string | null;
      body: string | null;
      status: string;
      user_id: string | null;
    }[];

  it('offers the dealership’s templates filled for the lead, and email only when the shopper did not agree to texts', async () => {
    const leadId = await enquire();
    const composer = await sales.get(`/api/dealer/leads/${leadId}/replies`).expect(200);
    expect(composer.body.email).toMatch(/^maria\.\d+@example\.com$/);
    expect(composer.body.sms).toBeNull();
    expect(composer.body.smsRefusal).toMatch(/did not agree to be texted/);
    expect(composer.body.canReply).toBe(true);
    const thanks = composer.body.templates.find((t: { key: string }) => t.key === 'thanks');
    expect(thanks.email).toMatch(/^Hi Maria,\n/);
    expect(thanks.email).toContain('Kind regards,\nUser sam\nNorth Motors');
    expect(thanks.email).not.toMatch(/\{\{|See the car again/);
    expect((await viewer.get(`/api/dealer/leads/${leadId}/replies`).expect(200)).body.canReply).toBe(false);
  });

  it('sends an email reply from the dealership’s name: the clock stops, the lead is contacted, the timeline and the outbox have it', async () => {
    const leadId = await enquire();
    const sent = await sales
      .post(`/api/dealer/leads/${leadId}/replies`, {
        channel: 'email',
        template: 'thanks',
        subject: 'Your enquiry',
        body: 'Hi Maria,\n\nYes, it is. When would you like to see it?',
        idempotencyKey: 'reply-key-0001',
      })
      .expect(200);
    expect(sent.body.status).toBe('contacted');
    expect(sent.body.response.firstResponseAt).not.toBeNull();
    expect(sent.body.response.state).toBe('answered');
    expect(sent.body.history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['lead.replied', 'lead.status_changed']),
    );
    expect(sent.body.replies).toEqual([
      expect.objectContaining({ kind: 'reply', channel: 'email', subject: 'Your enquiry', status: 'pending' }),
    ]);
    const [lead] = (await api.db.dataSource.query(
      `SELECT first_response_kind, first_response_by FROM leads WHERE id = $1`,
      [leadId],
    )) as { first_response_kind: string; first_response_by: string }[];
    expect(lead).toEqual({ first_response_kind: 'reply', first_response_by: sales.id });

    // The same key again (a double click): the lead as it stands, and still one reply.
    await sales
      .post(`/api/dealer/leads/${leadId}/replies`, {
        channel: 'email',
        subject: 'Your enquiry',
        body: 'Hi Maria, again',
        idempotencyKey: 'reply-key-0001',
      })
      .expect(200);
    const [row, ...more] = await replyRows(leadId);
    expect(more).toEqual([]);

    expect(
      await replies.send(
        row!.id,
        { mailer: mailer(), sms: new DevSmsSender(api.db.dataSource) },
        { number: 1, max: 8 },
      ),
    ).toBe('sent');
    expect(
      await replies.send(
        row!.id,
        { mailer: mailer(), sms: new DevSmsSender(api.db.dataSource) },
        { number: 1, max: 8 },
      ),
    ).toBe('skipped');
    const [email] = (await api.db.dataSource.query(
      `SELECT recipients, subject, raw FROM outbound_emails WHERE delivery_id = $1`,
      [row!.id],
    )) as { recipients: string[]; subject: string; raw: string }[];
    expect(email!.recipients).toEqual([row!.recipient]);
    expect(email!.subject).toBe('Your enquiry');
    expect(email!.raw).toMatch(/^From: North Motors <leads@platform\.localhost>/m);
    expect(email!.raw).toMatch(/^Reply-To: sam@north\.example/m);
    expect(email!.raw).toContain('When would you like to see it?');
    const after = await sales.get(`/api/dealer/leads/${leadId}`).expect(200);
    expect(after.body.replies[0]).toEqual(expect.objectContaining({ status: 'sent', by: 'User sam' }));
  });

  it('texts only a shopper who agreed to it, signed with the dealership’s name, and refuses the rest naming the field', async () => {
    const silent = await enquire();
    const refused = await sales
      .post(`/api/dealer/leads/${silent}/replies`, { channel: 'sms', body: 'Hi Maria' })
      .expect(400);
    expect(refused.body.errors).toEqual([
      { path: 'channel', message: expect.stringMatching(/did not agree to be texted/) },
    ]);
    expect(await replyRows(silent)).toEqual([]);

    const agreed = await enquire({ sms_ok: true });
    expect((await sales.get(`/api/dealer/leads/${agreed}/replies`).expect(200)).body.sms).toMatch(/^\+614\d{8}$/);
    const tooLong = await sales
      .post(`/api/dealer/leads/${agreed}/replies`, { channel: 'sms', body: 'x'.repeat(470) })
      .expect(400);
    expect(tooLong.body.errors[0].path).toBe('body');
    await sales
      .post(`/api/dealer/leads/${agreed}/replies`, { channel: 'sms', body: 'Hi Maria, it is here.' })
      .expect(200);
    const [text] = await replyRows(agreed);
    expect(text).toEqual(
      expect.objectContaining({ channel: 'sms', subject: null, body: 'Hi Maria, it is here.\nNorth Motors' }),
    );
    await replies.send(text!.id, { mailer: mailer(), sms: new DevSmsSender(api.db.dataSource) }, { number: 1, max: 8 });
    const sms = (await api.db.dataSource.query(`SELECT phone, body FROM sms_messages WHERE phone = $1`, [
      text!.recipient,
    ])) as { phone: string; body: string }[];
    expect(sms).toEqual([{ phone: text!.recipient, body: 'Hi Maria, it is here.\nNorth Motors' }]);
  });

  it('refuses a viewer, an email without a subject and an unknown template, and writes nothing', async () => {
    const leadId = await enquire();
    await viewer
      .post(`/api/dealer/leads/${leadId}/replies`, { channel: 'email', subject: 'Hi', body: 'Hi' })
      .expect(403);
    const noSubject = await sales
      .post(`/api/dealer/leads/${leadId}/replies`, { channel: 'email', body: 'Hi' })
      .expect(400);
    expect(noSubject.body.errors[0].path).toBe('subject');
    const unknown = await sales
      .post(`/api/dealer/leads/${leadId}/replies`, { channel: 'email', subject: 'Hi', body: 'Hi', template: 'nope' })
      .expect(400);
    expect(unknown.body.errors[0].path).toBe('template');
    expect(await replyRows(leadId)).toEqual([]);
    const [lead] = (await api.db.dataSource.query(`SELECT status, first_response_at FROM leads WHERE id = $1`, [
      leadId,
    ])) as { status: string; first_response_at: Date | null }[];
    expect(lead).toEqual({ status: 'new', first_response_at: null });
  });

  it('acknowledges a new lead in the dealership’s name when a template is marked automatic, and not the repeat a minute later', async () => {
    await setLeads({
      reply_templates: PLATFORM_DEFAULTS.leads.reply_templates.map((t) => ({
        ...t,
        acknowledge: t.key === 'received',
      })),
    });
    try {
      const first = await enquire({ email: 'ack.shopper@example.com', phone: '0412 999 001' });
      const repeat = await enquire({ email: 'ack.shopper@example.com', phone: '0412 999 001' });
      expect(await replyRows(repeat)).toEqual([]);
      const [ack] = await replyRows(first);
      expect(ack).toEqual(
        expect.objectContaining({
          kind: 'acknowledgement',
          channel: 'email',
          body: null,
          status: 'pending',
          user_id: null,
        }),
      );
      expect(await replies.pendingIds()).toContain(ack!.id);
      await replies.send(
        ack!.id,
        { mailer: mailer(), sms: new DevSmsSender(api.db.dataSource) },
        { number: 1, max: 8 },
      );
      const [written] = await replyRows(first);
      expect(written!.status).toBe('sent');
      expect(written!.subject).toBe('We have your enquiry, Maria');
      expect(written!.body).toMatch(/^Hi Maria,\n\nThank you for getting in touch about your enquiry\./);
      // The acknowledgement is no person's answer: the lead still waits for its first response.
      const lead = await sales.get(`/api/dealer/leads/${first}`).expect(200);
      expect(lead.body.response.firstResponseAt).toBeNull();
      expect(lead.body.replies[0]).toEqual(expect.objectContaining({ kind: 'acknowledgement', by: 'North Motors' }));

      // Turned off before it was sent: skipped, never sent.
      const late = await enquire({ email: 'late.shopper@example.com', phone: '0412 999 002' });
      await setLeads({ reply_templates: PLATFORM_DEFAULTS.leads.reply_templates });
      const [pending] = await replyRows(late);
      expect(
        await replies.send(
          pending!.id,
          { mailer: mailer(), sms: new DevSmsSender(api.db.dataSource) },
          { number: 1, max: 8 },
        ),
      ).toBe('skipped');
      expect((await replyRows(late))[0]!.status).toBe('skipped');
    } finally {
      await setLeads({ reply_templates: PLATFORM_DEFAULTS.leads.reply_templates });
    }
  });

  it("answers another dealership's lead as an unknown one, and hostile bodies with a named field, never a 5xx (property)", async () => {
    const [westLead] = (await api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data)
       VALUES ($1, $2, 'general', 'enquiry', '{"name":"W","email":"w@example.com"}', '{}') RETURNING id`,
      [api.fixture.siteId, api.fixture.west.id],
    )) as { id: string }[];
    const body = { channel: 'email', subject: 'Hi', body: 'Hi' };
    const unknown = await sales.post(`/api/dealer/leads/00000000-0000-4000-8000-000000000000/replies`, body);
    const other = await sales.post(`/api/dealer/leads/${westLead!.id}/replies`, body);
    expect(other.status).toBe(404);
    expect({ ...other.body, instance: null }).toEqual({ ...unknown.body, instance: null });
    const otherForm = await sales.get(`/api/dealer/leads/${westLead!.id}/replies`);
    expect(otherForm.status).toBe(404);
    expect(await replyRows(westLead!.id)).toEqual([]);

    const mine = await enquire({ sms_ok: true });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              channel: fc.oneof(fc.string(), fc.constantFrom('email', 'sms', 'EMAIL', '__proto__')),
              subject: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant('line\nbreak')),
              body: fc.oneof(
                fc.string({ maxLength: 6000 }),
                fc.integer(),
                fc.constantFrom('NUL \u0000 here', 'bell \u0007', 'bidi \u202e', 'lone \ud800', ''),
              ),
              template: fc.oneof(fc.string(), fc.constantFrom('thanks', 'Thanks', '__proto__')),
              idempotencyKey: fc.oneof(fc.string(), fc.constant('k'.repeat(101))),
            },
            { requiredKeys: [] },
          ),
          fc
            .tuple(fc.constantFrom('__proto__', 'constructor', 'channel\u0000', '\u0007', 'prototype'), fc.jsonValue())
            .map(([key, value]) => {
              const hostile: Record<string, unknown> = { channel: 'email', subject: 'Hi', body: 'Hello' };
              Object.defineProperty(hostile, key, { value, enumerable: true, configurable: true, writable: true });
              return hostile;
            }),
        ),
        async (candidate) => {
          const answer = await api
            .http()
            .post(`/api/dealer/leads/${mine}/replies`)
            .set('Cookie', sales.cookie)
            .set('x-csrf-token', sales.csrf)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(candidate));
          expect(answer.status).toBeLessThan(500);
          if (answer.status === 400) expect((answer.body.errors as { path: string }[]).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
