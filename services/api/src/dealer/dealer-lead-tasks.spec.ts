import fc from 'fast-check';
import { DevSmsSender, LeadDesk, TableMailer } from '@platform/leads';
import { signInDealer, type SignedInDealer } from '../testing/dealer-console';
import { createSiteApiHarness, type SiteApiHarness } from '../testing/site-api.harness';

const OPS_TOKEN = 'test-ops-token-lead-tasks-0123456789';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Follow-up on a lead (issue 53 item 6) against real PostgreSQL: tasks added, done and cancelled,
 * each audited; a test drive moves its lead to "Test drive booked" and is its first response; the
 * rights (viewer 403, another dealership's ids 404 as unknown ones); the salesperson's list and
 * count; and the lead desk sweep's reminder, queued once to the task's person and skipped at send
 * time once the task is done.
 */
describe('Lead tasks (real PostgreSQL)', () => {
  let api: SiteApiHarness;
  let owner: SignedInDealer;
  let sales: SignedInDealer;
  let sue: SignedInDealer;
  let viewer: SignedInDealer;
  let westSales: SignedInDealer;

  beforeAll(async () => {
    api = await createSiteApiHarness('leadtasks', { env: { OPS_TOKEN } });
    const { north, west } = api.fixture;
    owner = await signInDealer(api, OPS_TOKEN, 'olive@north.example', [{ dealership: north.slug, role: 'owner' }]);
    sales = await signInDealer(api, OPS_TOKEN, 'sam@north.example', [{ dealership: north.slug, role: 'sales' }]);
    sue = await signInDealer(api, OPS_TOKEN, 'sue@north.example', [{ dealership: north.slug, role: 'sales' }]);
    viewer = await signInDealer(api, OPS_TOKEN, 'vic@north.example', [{ dealership: north.slug, role: 'viewer' }]);
    westSales = await signInDealer(api, OPS_TOKEN, 'wes@west.example', [{ dealership: west.slug, role: 'sales' }]);
  });

  afterAll(async () => {
    await api?.close();
  });

  /** A lead of `dealership`, New, assigned to `assignee`, due for an answer in 5 minutes. */
  const lead = async (name: string, assignee: string | null = null, dealership = api.fixture.north.id) => {
    const [row] = (await api.db.dataSource.query(
      `INSERT INTO leads (site_id, dealership_id, form, category, fields, user_data, assigned_user_id, response_due_at)
       VALUES ($1, $2, 'general', 'enquiry', $3, '{}', $4, now() + interval '5 minutes') RETURNING id`,
      [api.fixture.siteId, dealership, JSON.stringify({ name, last_name: 'Citizen' }), assignee],
    )) as { id: string }[];
    return row!.id;
  };
  const leadRow = async (id: string) =>
    (
      (await api.db.dataSource.query(
        `SELECT status, first_response_at, first_response_kind, first_response_by FROM leads WHERE id = $1`,
        [id],
      )) as {
        status: string;
        first_response_at: Date | null;
        first_response_kind: string | null;
        first_response_by: string | null;
      }[]
    )[0]!;
  const audit = async (id: string) =>
    (
      (await api.db.dataSource.query(
        `SELECT action, user_id, detail FROM dealer_audit_log WHERE subject_type = 'lead' AND subject_id = $1 ORDER BY id`,
        [id],
      )) as { action: string; user_id: string | null; detail: Record<string, unknown> }[]
    ).map((row) => [row.action, row.user_id, row.detail] as const);
  const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

  it("adds a call back for the lead's assignee, reminded 15 minutes before, audited and shown on the lead", async () => {
    const id = await lead('Jane', sue.id);
    const dueAt = inHours(3);
    const added = await sales.post(`/api/dealer/leads/${id}/tasks`, {
      kind: 'call_back',
      dueAt,
      title: ' After work ',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      task: expect.objectContaining({
        kind: 'call_back',
        title: 'After work',
        dueAt: new Date(dueAt).toISOString(),
        remindAt: new Date(Date.parse(dueAt) - 15 * MINUTE).toISOString(),
        remindedAt: null,
        assignee: { id: sue.id, name: 'User sue' },
        createdBy: 'User sam',
        doneAt: null,
        cancelledAt: null,
      }),
      lead: { id, status: 'new' },
    });
    expect(['today', 'upcoming']).toContain(added.body.task.state);
    // A call back promised is not an answer: the lead stays New and its clock runs.
    expect(await leadRow(id)).toMatchObject({ status: 'new', first_response_at: null });
    expect(await audit(id)).toEqual([
      [
        'lead.task_added',
        sales.id,
        { task_id: added.body.task.id, kind: 'call_back', due_at: new Date(dueAt).toISOString(), to: sue.id },
      ],
    ]);
    const detail = await viewer.get(`/api/dealer/leads/${id}`).expect(200);
    expect(detail.body.tasks).toEqual([added.body.task]);
  });

  it('gives an unassigned lead’s task to its writer, and one named for an owner or salesperson to them only', async () => {
    const id = await lead('Nobody');
    const mine = await sales.post(`/api/dealer/leads/${id}/tasks`, { kind: 'other', dueAt: inHours(1) }).expect(201);
    expect(mine.body.task.assignee.id).toBe(sales.id);
    const theirs = await sales
      .post(`/api/dealer/leads/${id}/tasks`, { kind: 'finance_docs', dueAt: inHours(1), assigneeId: owner.id })
      .expect(201);
    expect(theirs.body.task.assignee.id).toBe(owner.id);
    for (const assigneeId of [viewer.id, westSales.id]) {
      const refused = await sales
        .post(`/api/dealer/leads/${id}/tasks`, { kind: 'other', dueAt: inHours(1), assigneeId })
        .expect(400);
      expect(refused.body.errors).toEqual([{ path: 'assigneeId', message: expect.any(String) }]);
    }
    // Booked for ten minutes' time: reminded at once, not 15 minutes before (already past).
    const soon = await sales
      .post(`/api/dealer/leads/${id}/tasks`, {
        kind: 'call_back',
        dueAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
      })
      .expect(201);
    expect(Date.parse(soon.body.task.remindAt)).toBeLessThanOrEqual(Date.now());
    // Written down after it was due: no reminder, shown overdue.
    const late = await sales
      .post(`/api/dealer/leads/${id}/tasks`, { kind: 'call_back', dueAt: inHours(-2) })
      .expect(201);
    expect(late.body.task).toMatchObject({ remindAt: null, state: 'overdue' });
  });

  it('refuses a due time out of range or a bad title, naming the field, and writes nothing', async () => {
    const id = await lead('Bounds', sales.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'call_back', dueAt: inHours(24 * 400) }, 'dueAt'],
      [{ kind: 'call_back', dueAt: inHours(-30) }, 'dueAt'],
      [{ kind: 'call_back', dueAt: '2026-12-05 15:30' }, 'dueAt'],
      [{ kind: 'call_back' }, 'dueAt'],
      [{ kind: 'lunch', dueAt: inHours(1) }, 'kind'],
      [{ kind: 'other', dueAt: inHours(1), title: 'x'.repeat(201) }, 'title'],
      [{ kind: 'other', dueAt: inHours(1), title: 'two\nlines' }, 'title'],
      [{ kind: 'other', dueAt: inHours(1), assigneeId: 'me' }, 'assigneeId'],
    ];
    for (const [body, field] of cases) {
      const refused = await sales.post(`/api/dealer/leads/${id}/tasks`, body).expect(400);
      expect((refused.body.errors as { path: string }[]).map((e) => e.path)).toContain(field);
    }
    expect((await api.db.dataSource.query(`SELECT 1 FROM lead_tasks WHERE lead_id = $1`, [id])).length).toBe(0);
  });

  it('books a test drive: the lead becomes "Test drive booked", its first response; cancelling it moves the lead back', async () => {
    const id = await lead('Driver', sue.id);
    const booked = await sue
      .post(`/api/dealer/leads/${id}/tasks`, { kind: 'test_drive', dueAt: inHours(26) })
      .expect(201);
    expect(booked.body.lead).toEqual({ id, status: 'appointment' });
    expect(await leadRow(id)).toMatchObject({
      status: 'appointment',
      first_response_kind: 'status',
      first_response_by: sue.id,
    });
    const detail = await sue.get(`/api/dealer/leads/${id}`).expect(200);
    expect(detail.body.status).toBe('appointment');
    expect(detail.body.response.state).toBe('answered');
    expect((await audit(id)).map(([action, , detail]) => [action, detail['to'] ?? null])).toEqual([
      ['lead.task_added', sue.id],
      ['lead.status_changed', 'appointment'],
    ]);
    // A second drive changes nothing; cancelling one of two keeps the booking; the last moves it back.
    const second = await sue
      .post(`/api/dealer/leads/${id}/tasks`, { kind: 'test_drive', dueAt: inHours(50) })
      .expect(201);
    expect(second.body.lead.status).toBe('appointment');
    await sue.del(`/api/dealer/leads/${id}/tasks/${booked.body.task.id}`).expect(200);
    expect((await leadRow(id)).status).toBe('appointment');
    const cancelled = await sue.del(`/api/dealer/leads/${id}/tasks/${second.body.task.id}`).expect(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelledAt: expect.any(String) });
    expect((await leadRow(id)).status).toBe('contacted');
    const actions = (await audit(id)).map(
      ([action, , detail]) => `${action}${detail['to'] ? `:${String(detail['to'])}` : ''}`,
    );
    expect(actions.slice(2)).toEqual([
      `lead.task_added:${sue.id}`,
      'lead.task_cancelled',
      'lead.task_cancelled',
      'lead.status_changed:contacted',
    ]);
    // Booking a drive on a contacted lead books it again; the status endpoint takes the new status too.
    await sue.post(`/api/dealer/leads/${id}/tasks`, { kind: 'test_drive', dueAt: inHours(5) }).expect(201);
    expect((await leadRow(id)).status).toBe('appointment');
    await sue.post(`/api/dealer/leads/${id}/status`, { status: 'won' }).expect(200);
    await sue.post(`/api/dealer/leads/${id}/status`, { status: 'appointment' }).expect(409);
  });

  it('marks a task done once (again changes nothing), and refuses to cancel a done one or finish a cancelled one', async () => {
    const id = await lead('Finisher', sales.id);
    const { body } = await sales.post(`/api/dealer/leads/${id}/tasks`, { kind: 'call_back', dueAt: inHours(1) });
    const done = await sales.post(`/api/dealer/leads/${id}/tasks/${body.task.id}/done`).expect(200);
    expect(done.body).toMatchObject({ state: 'done', doneBy: 'User sam', doneAt: expect.any(String) });
    const again = await sales.post(`/api/dealer/leads/${id}/tasks/${body.task.id}/done`).expect(200);
    expect(again.body.doneAt).toBe(done.body.doneAt);
    const refused = await sales.del(`/api/dealer/leads/${id}/tasks/${body.task.id}`).expect(409);
    expect(refused.body.errors).toEqual([{ path: 'task', message: expect.any(String) }]);
    const other = await sales.post(`/api/dealer/leads/${id}/tasks`, { kind: 'other', dueAt: inHours(1) });
    await sales.del(`/api/dealer/leads/${id}/tasks/${other.body.task.id}`).expect(200);
    await sales.post(`/api/dealer/leads/${id}/tasks/${other.body.task.id}/done`).expect(409);
    expect((await audit(id)).map(([action]) => action)).toEqual([
      'lead.task_added',
      'lead.task_done',
      'lead.task_added',
      'lead.task_cancelled',
    ]);
  });

  it("answers another dealership's lead or task exactly as an unknown one, and a viewer with 403, writing nothing", async () => {
    const west = await lead('Westie', westSales.id, api.fixture.west.id);
    const westTask = await westSales
      .post(`/api/dealer/leads/${west}/tasks`, { kind: 'call_back', dueAt: inHours(1) })
      .expect(201);
    const north = await lead('Northie', sales.id);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const body = { kind: 'call_back', dueAt: inHours(1) };
    const same = (a: { body: object }, b: { body: object }) =>
      expect({ ...a.body, instance: null }).toEqual({ ...b.body, instance: null });

    const foreignLead = await sales.post(`/api/dealer/leads/${west}/tasks`, body).expect(404);
    same(foreignLead, await sales.post(`/api/dealer/leads/${unknown}/tasks`, body).expect(404));
    // The west task through its own lead, and through a lead of north: both unknown to Sam.
    const paths = [
      `/api/dealer/leads/${west}/tasks/${westTask.body.task.id}`,
      `/api/dealer/leads/${north}/tasks/${westTask.body.task.id}`,
    ];
    for (const path of paths) {
      same(
        await sales.post(`${path}/done`).expect(404),
        await sales.post(`/api/dealer/leads/${north}/tasks/${unknown}/done`).expect(404),
      );
      same(
        await sales.del(path).expect(404),
        await sales.del(`/api/dealer/leads/${north}/tasks/${unknown}`).expect(404),
      );
    }
    await sales.post(`/api/dealer/leads/not-a-uuid/tasks/${unknown}/done`).expect(404);
    const listed = await sales.get('/api/dealer/tasks?view=overdue').expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(west);
    await sales.get(`/api/dealer/tasks?dealership=${api.fixture.west.slug}`).expect(404);
    expect(
      (
        await api.db.dataSource.query(`SELECT done_at, cancelled_at FROM lead_tasks WHERE id = $1`, [
          westTask.body.task.id,
        ])
      )[0],
    ).toEqual({ done_at: null, cancelled_at: null });

    const northTask = await sales.post(`/api/dealer/leads/${north}/tasks`, body).expect(201);
    const read = await viewer.post(`/api/dealer/leads/${north}/tasks`, body).expect(403);
    expect(read.body.detail).toMatch(/viewer/);
    await viewer.post(`/api/dealer/leads/${north}/tasks/${northTask.body.task.id}/done`).expect(403);
    await viewer.del(`/api/dealer/leads/${north}/tasks/${northTask.body.task.id}`).expect(403);
    // Without the CSRF token, nothing.
    await api.http().post(`/api/dealer/leads/${north}/tasks`).set('Cookie', sales.cookie).send(body).expect(403);
    expect(
      await api.db.dataSource.query(`SELECT count(*)::int AS n FROM lead_tasks WHERE lead_id = $1`, [north]),
    ).toEqual([{ n: 1 }]);
  });

  it("lists the salesperson's own open tasks soonest first, everyone's overdue, and counts theirs due today", async () => {
    const before = (await sue.get('/api/dealer/counts').expect(200)).body.tasks as { due: number; overdue: number };
    const id = await lead('Lister', sue.id);
    const later = await sue.post(`/api/dealer/leads/${id}/tasks`, { kind: 'finance_docs', dueAt: inHours(24 * 30) });
    const late = await sue.post(`/api/dealer/leads/${id}/tasks`, { kind: 'call_back', dueAt: inHours(-1) });
    const mine = await sue.get('/api/dealer/tasks').expect(200);
    const ids = (mine.body.tasks as { id: string }[]).map((t) => t.id);
    expect(ids.indexOf(late.body.task.id)).toBeLessThan(ids.indexOf(later.body.task.id));
    for (const task of mine.body.tasks as { assignee: { id: string }; doneAt: null; cancelledAt: null }[])
      expect(task).toMatchObject({ assignee: { id: sue.id }, doneAt: null, cancelledAt: null });
    expect(mine.body.tasks.find((t: { id: string }) => t.id === late.body.task.id)).toMatchObject({
      state: 'overdue',
      lead: { id, name: 'Lister Citizen', status: 'new', dealership: { slug: api.fixture.north.slug } },
      timeZone: expect.stringMatching(/^Australia\//),
    });
    const overdue = await sales.get('/api/dealer/tasks?view=overdue').expect(200);
    expect((overdue.body.tasks as { id: string }[]).map((t) => t.id)).toContain(late.body.task.id);
    const after = (await sue.get('/api/dealer/counts').expect(200)).body.tasks;
    expect(after).toEqual({ due: before.due + 1, overdue: before.overdue + 1 });
    await sue.post(`/api/dealer/leads/${id}/tasks/${late.body.task.id}/done`).expect(200);
    expect((await sue.get('/api/dealer/counts').expect(200)).body.tasks).toEqual(before);
    const refused = await sue.get('/api/dealer/tasks?view=someday').expect(400);
    expect(refused.body.errors[0].path).toMatch(/view/);
  });

  it('reminds the task’s person once, at its reminder time by the injected clock, and skips a reminder whose task was done meanwhile', async () => {
    const desk = new LeadDesk(api.db.dataSource, { webPort: 3123 });
    const mailer = new TableMailer(api.db.dataSource, 'Dealer Platform <leads@platform.localhost>');
    const sms = new DevSmsSender(api.db.dataSource);
    const id = await lead('Jane', sales.id);
    const due = new Date(Date.now() + 2 * HOUR);
    due.setUTCSeconds(0, 0);
    const { body } = await owner
      .post(`/api/dealer/leads/${id}/tasks`, { kind: 'call_back', dueAt: due.toISOString() })
      .expect(201);
    const notices = async () =>
      (await api.db.dataSource.query(
        `SELECT id, kind, user_ids, task_id, status FROM lead_desk_notices WHERE task_id = $1`,
        [body.task.id],
      )) as { id: string; kind: string; user_ids: string[]; task_id: string; status: string }[];
    const at = (minutesBeforeDue: number) => new Date(due.getTime() - minutesBeforeDue * MINUTE);

    await desk.sweep(at(16));
    expect(await notices()).toEqual([]);
    await Promise.all([desk.sweep(at(15)), desk.sweep(at(15))]);
    await desk.sweep(at(10));
    // Once, to the lead's salesperson (the task's person), not to the owner who wrote it.
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ kind: 'task_due', user_ids: [sales.id], status: 'pending' });
    const [task] = (await api.db.dataSource.query(`SELECT reminded_at FROM lead_tasks WHERE id = $1`, [
      body.task.id,
    ])) as { reminded_at: Date }[];
    expect(task!.reminded_at).toEqual(at(15));

    expect(await desk.send(notice!.id, { mailer, sms }, { number: 1, max: 8 })).toBe('sent');
    const [mail] = (await api.db.dataSource.query(
      `SELECT recipients, subject, raw FROM outbound_emails WHERE delivery_id = $1`,
      [notice!.id],
    )) as { recipients: string[]; subject: string; raw: string }[];
    expect(mail!.recipients).toEqual(['sam@north.example']);
    expect(mail!.subject).toMatch(
      /^Reminder: call back Jane Citizen at \d{1,2}:\d{2}\s?[ap]m( on .+)? · North Motors$/,
    );
    expect(mail!.raw.replace(/=\r?\n/g, '')).toContain(`/dealer/leads/${id}`);

    // A second task, done after its reminder was queued: the notice is skipped when sent.
    const second = await owner
      .post(`/api/dealer/leads/${id}/tasks`, { kind: 'test_drive', dueAt: due.toISOString(), assigneeId: sue.id })
      .expect(201);
    await desk.sweep(at(15));
    const [queued] = (await api.db.dataSource.query(`SELECT id, user_ids FROM lead_desk_notices WHERE task_id = $1`, [
      second.body.task.id,
    ])) as { id: string; user_ids: string[] }[];
    expect(queued!.user_ids).toEqual([sue.id]);
    await sue.post(`/api/dealer/leads/${id}/tasks/${second.body.task.id}/done`).expect(200);
    expect(await desk.send(queued!.id, { mailer, sms }, { number: 1, max: 8 })).toBe('skipped');
    expect(await api.db.dataSource.query(`SELECT 1 FROM outbound_emails WHERE delivery_id = $1`, [queued!.id])).toEqual(
      [],
    );

    // A task's person who has left: the lead's salesperson is reminded instead.
    const third = await owner
      .post(`/api/dealer/leads/${id}/tasks`, { kind: 'finance_docs', dueAt: due.toISOString(), assigneeId: owner.id })
      .expect(201);
    await api.db.dataSource.query(`UPDATE dealer_memberships SET role = 'viewer' WHERE user_id = $1`, [owner.id]);
    await desk.sweep(at(14));
    await api.db.dataSource.query(`UPDATE dealer_memberships SET role = 'owner' WHERE user_id = $1`, [owner.id]);
    const [fallback] = (await api.db.dataSource.query(`SELECT user_ids FROM lead_desk_notices WHERE task_id = $1`, [
      third.body.task.id,
    ])) as { user_ids: string[] }[];
    expect(fallback!.user_ids).toEqual([sales.id]);
  });

  it('never answers a 5xx to hostile task bodies, and a refusal names its field (property)', async () => {
    const id = await lead('Fuzz', sales.id);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record(
            {
              kind: fc.oneof(fc.string(), fc.constantFrom('call_back', 'test_drive', '__proto__', 'constructor')),
              dueAt: fc.oneof(
                fc.string(),
                fc.integer(),
                fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
                fc.constantFrom(inHours(1), '2026-13-45T99:99:99Z', '\u0000'),
              ),
              title: fc.oneof(
                fc.string({ maxLength: 500 }),
                fc.constant(null),
                fc.integer(),
                fc.constantFrom('NUL \u0000', 'bell \u0007', 'bidi \u202e', 'lone \ud800'),
              ),
              assigneeId: fc.oneof(fc.uuid(), fc.string(), fc.constant(null)),
            },
            { requiredKeys: [] },
          ),
          fc
            .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'kind\u0000', '\u0007'), fc.jsonValue())
            .map(([key, value]) => {
              const body: Record<string, unknown> = { kind: 'other', dueAt: inHours(2) };
              Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
              return body;
            }),
        ),
        fc.constantFrom('mine', 'overdue', 'today', '', '__proto__', 'constructor'),
        async (body, view) => {
          const answer = await api
            .http()
            .post(`/api/dealer/leads/${id}/tasks`)
            .set('Cookie', sales.cookie)
            .set('x-csrf-token', sales.csrf)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body));
          expect(answer.status).toBeLessThan(500);
          expect([201, 400]).toContain(answer.status);
          if (answer.status === 400)
            // A field of the body, or the body itself (not an object, or a hostile key in it, named).
            for (const error of answer.body.errors as { path: string }[])
              expect(error.path).toMatch(/^(kind|dueAt|title|assigneeId|body\b|\(root\))/);
          if (answer.status === 400) expect(answer.body.errors.length).toBeGreaterThan(0);
          const listed = await sales.get(`/api/dealer/tasks?view=${encodeURIComponent(view)}`);
          expect(listed.status).toBeLessThan(500);
          if (listed.status === 400) expect(listed.body.errors[0].path).toMatch(/view/);
        },
      ),
      { numRuns: 40 },
    );
    expect((await sales.get(`/api/dealer/leads/${id}`).expect(200)).body.status).toMatch(/^(new|appointment)$/);
  });
});
