import type { DataSource, EntityManager } from 'typeorm';
import {
  businessTimeAfter,
  DEFAULT_ALERT_ZONE,
  isQuietTime,
  leadFormLabel,
  TASK_REMINDER_WINDOW_MS,
  taskPhrase,
  type BusinessHours,
  type TaskKind,
} from '@platform/domain';
import { DateTime } from 'luxon';
import { dealershipHours, dealershipOrigin, siteConfigStore } from '@platform/site-config';
import type { WorkerLog } from '@platform/queues';
import type { LeadMailer } from '../delivery/lead-mailer';
import type { SmsSender } from '../sms/sms-sender';
import { sendOutboxRow, type SendAttempt } from '../outbox/outbox-send';
import { recordDealerAudit } from './dealer-audit';
import { queueDeskNotice } from './lead-arrival';
import { deskUsers, nextInRotation } from './rotation';

/** How long after its due time an unanswered lead is still escalated: older ones are history, not alarms. */
export const ESCALATION_WINDOW_MS = 24 * 3600_000;
const MINUTE = 60_000;

export type DeskNoticeKind = 'assigned' | 'unassigned' | 'overdue' | 'escalated' | 'reassigned' | 'task_due';

export interface LeadDeskOptions {
  /** WEB_PORT, the port development (`*.localhost`) hosts are served on, for the console links. */
  webPort?: number | null;
  log?: Pick<WorkerLog, 'warn'>;
}

type LeadRow = {
  id: string;
  dealership_id: number;
  site_id: number;
  response_due_at: Date;
  escalation_level: number;
  assigned_user_id: string | null;
};

/**
 * The lead desk's background work: escalating leads nobody answered in time, and telling people.
 * The sweep walks unanswered leads past their due time (within ESCALATION_WINDOW_MS) up the
 * dealership's ladder, each step once, under the lead's row lock: at the due time the assignee
 * (or, unassigned, everyone taking leads) is told it is overdue; `escalate_to_owners_after_minutes`
 * of open time later, the owners; `reassign_after_minutes` later (when set, round-robin only) it
 * moves to the next salesperson in turn. A first response stops the ladder wherever it stands.
 */
export class LeadDesk {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: LeadDeskOptions = {},
  ) {}

  /**
   * One pass of the escalation ladder at `now`, then the follow-up tasks whose reminder is due;
   * answers how many steps were taken and reminders queued.
   */
  async sweep(now: Date): Promise<{ overdue: number; escalated: number; reassigned: number; reminded: number }> {
    const taken = { overdue: 0, escalated: 0, reassigned: 0 };
    const candidates = (await this.dataSource.query(
      `SELECT id FROM leads
       WHERE first_response_at IS NULL AND escalation_level < 3 AND dealership_id IS NOT NULL AND status = 'new'
         AND duplicate_of IS NULL AND response_due_at <= $1
         -- The window bounds only the first step: a lead already climbing goes on to the owners and
         -- the next salesperson however long the dealership was closed (a Friday evening's lead
         -- reaches the owners' step on Monday morning).
         AND (escalation_level > 0 OR response_due_at > $2)
       ORDER BY response_due_at LIMIT 500`,
      [now, new Date(now.getTime() - ESCALATION_WINDOW_MS)],
    )) as { id: string }[];
    const hoursOf = new Map<number, BusinessHours>();
    for (const { id } of candidates) {
      // One lead's failure (a location's zone gone wrong) is that lead's: the rest still climb.
      await this.climbOne(id, now, hoursOf, taken).catch((error: Error) =>
        this.options.log?.warn({ lead: id, error: error.message }, 'lead desk: a lead could not be escalated'),
      );
    }
    return { ...taken, reminded: await this.remindTasks(now) };
  }

  /**
   * Follow-up tasks whose reminder time has come (leads.task_reminder_minutes before they are
   * due), still open and not yet reminded: each is taken once under its row lock (two workers never
   * remind twice) and its person told, while they are still an owner or salesperson of the
   * dealership; else the lead's assignee, else nobody (the task still shows overdue on the lead).
   * A reminder the worker reaches more than TASK_REMINDER_WINDOW_MS after its due time (it was
   * down) is taken without telling anyone: history, not an alarm. Answers how many were queued.
   */
  private async remindTasks(now: Date): Promise<number> {
    const due = (await this.dataSource.query(
      `SELECT id FROM lead_tasks
       WHERE remind_at <= $1 AND reminded_at IS NULL AND done_at IS NULL AND cancelled_at IS NULL
       ORDER BY remind_at LIMIT 500`,
      [now],
    )) as { id: string }[];
    let reminded = 0;
    for (const { id } of due) {
      const queued = await this.remindOne(id, now).catch((error: Error) => {
        this.options.log?.warn({ task: id, error: error.message }, 'lead desk: a task reminder could not be queued');
        return false;
      });
      if (queued) reminded += 1;
    }
    return reminded;
  }

  private async remindOne(id: string, now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [task] = (await manager.query(
        `SELECT t.id, t.lead_id, t.dealership_id, t.due_at, t.assigned_user_id, l.assigned_user_id AS lead_assignee
         FROM lead_tasks t JOIN leads l ON l.id = t.lead_id
         WHERE t.id = $1 AND t.remind_at <= $2 AND t.reminded_at IS NULL AND t.done_at IS NULL AND t.cancelled_at IS NULL
         FOR UPDATE OF t SKIP LOCKED`,
        [id, now],
      )) as {
        id: string;
        lead_id: string;
        dealership_id: number;
        due_at: Date;
        assigned_user_id: string | null;
        lead_assignee: string | null;
      }[];
      if (!task) return false;
      await manager.query(`UPDATE lead_tasks SET reminded_at = $2 WHERE id = $1`, [task.id, now]);
      if (task.due_at.getTime() < now.getTime() - TASK_REMINDER_WINDOW_MS) return false;
      const person =
        (await this.handlerAt(manager, task.assigned_user_id, task.dealership_id)) ??
        (await this.handlerAt(manager, task.lead_assignee, task.dealership_id));
      if (!person) return false;
      return (await queueDeskNotice(manager, task.lead_id, 'task_due', [person], task.id)) !== null;
    });
  }

  /** The user while they answer leads at the dealership (owner or sales), else null. */
  private async handlerAt(manager: EntityManager, userId: string | null, dealershipId: number): Promise<string | null> {
    if (!userId) return null;
    const [member] = (await manager.query(
      `SELECT 1 FROM dealer_memberships WHERE user_id = $1 AND dealership_id = $2 AND role IN ('owner', 'sales')`,
      [userId, dealershipId],
    )) as unknown[];
    return member ? userId : null;
  }

  private async climbOne(
    id: string,
    now: Date,
    hoursOf: Map<number, BusinessHours>,
    taken: { overdue: number; escalated: number; reassigned: number },
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [lead] = (await manager.query(
        `SELECT l.id, l.dealership_id, l.site_id, l.response_due_at, l.escalation_level, l.assigned_user_id
           FROM leads l WHERE l.id = $1 AND l.first_response_at IS NULL AND l.escalation_level < 3 AND l.status = 'new'
           FOR UPDATE SKIP LOCKED`,
        [id],
      )) as LeadRow[];
      if (!lead) return;
      let hours = hoursOf.get(lead.dealership_id);
      if (!hours) {
        hours = (await dealershipHours(manager, lead.dealership_id)) ?? { timeZone: DEFAULT_ALERT_ZONE, hours: [] };
        hoursOf.set(lead.dealership_id, hours);
      }
      const step = await this.climb(manager, lead, hours, now);
      if (step) taken[step] += 1;
    });
  }

  /** Takes every step of the ladder due by `now` for one locked lead; answers the last taken. */
  private async climb(
    manager: EntityManager,
    lead: LeadRow,
    hours: BusinessHours,
    now: Date,
  ): Promise<'overdue' | 'escalated' | 'reassigned' | null> {
    const config = (await siteConfigStore(this.dataSource).dealership(lead.dealership_id)).leads;
    const after = (minutes: number): Date =>
      minutes === 0 ? lead.response_due_at : businessTimeAfter(lead.response_due_at, minutes * MINUTE, hours);
    let level = lead.escalation_level;
    let last: 'overdue' | 'escalated' | 'reassigned' | null = null;
    if (level === 0) {
      // An assignee who has since left the dealership reads as nobody: everyone taking leads is told.
      const assignee = await this.currentHandler(manager, lead);
      const told = assignee ? [assignee] : await deskUsers(manager, lead.dealership_id, ['sales', 'owner']);
      await queueDeskNotice(manager, lead.id, 'overdue', told);
      level = 1;
      last = 'overdue';
    }
    if (level === 1 && now >= after(config.escalate_to_owners_after_minutes)) {
      await queueDeskNotice(manager, lead.id, 'escalated', await deskUsers(manager, lead.dealership_id, ['owner']));
      const reassigns = config.assignment === 'round_robin' && config.reassign_after_minutes !== null;
      // Without a reassignment to come, telling the owners is the ladder's last step.
      level = reassigns ? 2 : 3;
      last = 'escalated';
    }
    // The dealership may have turned reassignment or round-robin off since: then the ladder ends here.
    if (level === 2 && (config.assignment !== 'round_robin' || config.reassign_after_minutes === null)) level = 3;
    if (
      level === 2 &&
      config.reassign_after_minutes !== null &&
      now >= after(config.escalate_to_owners_after_minutes + config.reassign_after_minutes)
    ) {
      const next = await nextInRotation(manager, lead.dealership_id, lead.assigned_user_id);
      if (next) {
        await manager.query(`UPDATE leads SET assigned_user_id = $2, assigned_at = now() WHERE id = $1`, [
          lead.id,
          next.id,
        ]);
        await recordDealerAudit(manager, {
          dealershipId: lead.dealership_id,
          userId: null,
          actor: 'system',
          action: 'lead.assigned',
          subject: { type: 'lead', id: lead.id },
          detail: { from: lead.assigned_user_id, to: next.id, to_name: next.name, rule: 'overdue' },
        });
        await queueDeskNotice(manager, lead.id, 'reassigned', [next.id]);
        last = 'reassigned';
      }
      level = 3;
    }
    if (level !== lead.escalation_level)
      await manager.query(`UPDATE leads SET escalation_level = $2 WHERE id = $1`, [lead.id, level]);
    return last;
  }

  /** The lead's assignee while they still answer leads at its dealership (owner or sales), else null. */
  private async currentHandler(manager: EntityManager, lead: LeadRow): Promise<string | null> {
    return this.handlerAt(manager, lead.assigned_user_id, lead.dealership_id);
  }

  /** Notices waiting to be sent (the relay queues them; a queued one keeps its one job). */
  async pendingIds(limit = 200): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM lead_desk_notices WHERE status = 'pending' ORDER BY created_at LIMIT $1`,
      [limit],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * Sends one notice: an email to each recipient who takes email, and a text to each who chose
   * SMS and gave a mobile, outside their quiet hours. A notice whose lead has since been answered
   * (an overdue or escalation notice) is skipped: nobody needs telling any more; so is a task's
   * reminder whose task was done or cancelled after it was queued. A failed send is
   * recorded and rethrown for the queue's retry; the last attempt marks it dead.
   */
  async send(
    noticeId: string,
    deps: { mailer: Pick<LeadMailer, 'send'>; sms: SmsSender },
    attempt: SendAttempt,
  ): Promise<'sent' | 'skipped'> {
    const [notice] = (await this.dataSource.query(
      `SELECT n.id, n.kind, n.user_ids, n.status, n.email_sent_at, n.sms_sent_to, l.id AS lead_id, l.site_id, l.dealership_id, l.form, l.created_at,
         l.response_due_at, l.first_response_at, l.fields, d.name AS dealership_name,
         concat_ws(' ', c.year, c.make, c.model, c.badge) AS car_title, c.stocknum,
         au.name AS assignee_name,
         t.kind AS task_kind, t.title AS task_title, t.due_at AS task_due_at, t.done_at AS task_done_at,
         t.cancelled_at AS task_cancelled_at
       FROM lead_desk_notices n JOIN leads l ON l.id = n.lead_id JOIN dealerships d ON d.id = l.dealership_id
       LEFT JOIN cars c ON c.id = l.car_id LEFT JOIN dealer_users au ON au.id = l.assigned_user_id
       LEFT JOIN lead_tasks t ON t.id = n.task_id
       WHERE n.id = $1`,
      [noticeId],
    )) as NoticeRow[];
    if (!notice || notice.status !== 'pending') return 'skipped';
    const answered = notice.first_response_at && (notice.kind === 'overdue' || notice.kind === 'escalated');
    const taskClosed =
      notice.kind === 'task_due' && (!notice.task_kind || notice.task_done_at || notice.task_cancelled_at);
    if (answered || taskClosed) {
      await this.dataSource.query(`UPDATE lead_desk_notices SET status = 'skipped' WHERE id = $1`, [noticeId]);
      return 'skipped';
    }
    const users = (await this.dataSource.query(
      `SELECT u.id, u.email, u.name, u.notify_email, u.notify_sms, u.mobile, u.quiet_start, u.quiet_end
       FROM dealer_users u
       WHERE u.id = ANY($1::uuid[])
         -- Only people still at the dealership: a notice queued before someone left names a shopper.
         AND EXISTS (SELECT 1 FROM dealer_memberships m WHERE m.user_id = u.id AND m.dealership_id = $2)
       ORDER BY u.email`,
      [notice.user_ids, notice.dealership_id],
    )) as DeskRecipient[];
    const hours = (await dealershipHours(this.dataSource, notice.dealership_id)) ?? {
      timeZone: DEFAULT_ALERT_ZONE,
      hours: [],
    };
    const origin = await dealershipOrigin(this.dataSource, notice.dealership_id, this.options.webPort ?? null);
    const message = deskMessage(notice, `${origin}/dealer/leads/${notice.lead_id}`, hours.timeZone);
    return sendOutboxRow(this.dataSource, 'lead_desk_notices', noticeId, attempt, async () => {
      // Each channel and person is recorded as it is sent, so a retry sends only what is still owed.
      const emails = users.filter((user) => user.notify_email).map((user) => user.email);
      if (emails.length > 0 && !notice.email_sent_at) {
        await deps.mailer.send({
          deliveryId: notice.id,
          leadId: notice.lead_id,
          to: emails,
          subject: message.subject,
          text: message.text,
        });
        await this.dataSource.query(`UPDATE lead_desk_notices SET email_sent_at = now() WHERE id = $1`, [noticeId]);
      }
      const now = new Date();
      for (const user of users) {
        if (!user.notify_sms || !user.mobile || notice.sms_sent_to.includes(user.id)) continue;
        const quiet = user.quiet_start && user.quiet_end ? { start: user.quiet_start, end: user.quiet_end } : null;
        if (quiet && isQuietTime(now, hours.timeZone, quiet)) continue;
        await deps.sms.send({ siteId: notice.site_id, to: user.mobile, body: message.sms });
        await this.dataSource.query(
          `UPDATE lead_desk_notices SET sms_sent_to = array_append(sms_sent_to, $2::uuid) WHERE id = $1`,
          [noticeId, user.id],
        );
      }
    });
  }
}

type NoticeRow = {
  id: string;
  kind: DeskNoticeKind;
  user_ids: string[];
  email_sent_at: Date | null;
  sms_sent_to: string[];
  status: string;
  lead_id: string;
  site_id: number;
  dealership_id: number;
  form: string;
  created_at: Date;
  response_due_at: Date | null;
  first_response_at: Date | null;
  fields: Record<string, unknown>;
  dealership_name: string;
  car_title: string | null;
  stocknum: string | null;
  assignee_name: string | null;
  /** A task's reminder: the task as it stands now. */
  task_kind: TaskKind | null;
  task_title: string | null;
  task_due_at: Date | null;
  task_done_at: Date | null;
  task_cancelled_at: Date | null;
};

type DeskRecipient = {
  id: string;
  email: string;
  name: string;
  notify_email: boolean;
  notify_sms: boolean;
  mobile: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
};

const clockTime = (at: Date, zone: string): string =>
  new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(at);

/**
 * A task's due time as its reminder says it: '3:30 pm' on the day it is sent, else with the day
 * ('9:00 am on Sat 5 Dec'), on the dealership's clock.
 */
const taskTime = (at: Date, now: Date, zone: string): string => {
  const sameDay = DateTime.fromJSDate(at, { zone }).toISODate() === DateTime.fromJSDate(now, { zone }).toISODate();
  if (sameDay) return clockTime(at, zone);
  const day = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone });
  return `${clockTime(at, zone)} on ${day.format(at).replace(',', '')}`;
};

/**
 * A notice in words: who the shopper is and what they asked about, how long they have waited and
 * when the lead is due, and the console link; a task's reminder says what is due and when
 * ("Reminder: call back Jane Citizen at 3:30 pm"). The shopper's name goes to the dealership's own
 * staff, who hold it anyway; the text is never logged.
 */
export function deskMessage(
  notice: Pick<
    NoticeRow,
    | 'kind'
    | 'form'
    | 'created_at'
    | 'response_due_at'
    | 'fields'
    | 'dealership_name'
    | 'car_title'
    | 'stocknum'
    | 'assignee_name'
  > &
    Partial<Pick<NoticeRow, 'task_kind' | 'task_title' | 'task_due_at'>>,
  link: string,
  zone: string,
  now: Date = new Date(),
): { subject: string; text: string; sms: string } {
  const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
  const shopper =
    [text(notice.fields['name']), text(notice.fields['last_name'])].filter(Boolean).join(' ') || 'A shopper';
  const about = notice.car_title
    ? `the ${notice.car_title}${notice.stocknum ? ` (stock ${notice.stocknum})` : ''}`
    : leadFormLabel(notice.form).toLowerCase();
  if (notice.kind === 'task_due' && notice.task_kind && notice.task_due_at) {
    const what = taskPhrase(notice.task_kind, shopper, notice.task_title ?? null);
    const heading = `Reminder: ${what} at ${taskTime(notice.task_due_at, now, zone)}`;
    const lines = [
      `${shopper} asked about ${about}.`,
      notice.task_title && notice.task_kind !== 'other' ? `Note: ${notice.task_title}` : null,
      'Mark it done on the lead once it is.',
      '',
      `Open the lead: ${link}`,
    ].filter((line): line is string => line !== null);
    return { subject: `${heading} · ${notice.dealership_name}`, text: lines.join('\n'), sms: `${heading}. ${link}` };
  }
  const due = notice.response_due_at ? clockTime(notice.response_due_at, zone) : null;
  const received = clockTime(notice.created_at, zone);
  const heading: Record<DeskNoticeKind, string> = {
    assigned: `New lead for you: ${shopper}`,
    unassigned: `New lead: ${shopper}, nobody assigned yet`,
    overdue: `Overdue: ${shopper} is waiting for an answer`,
    escalated: `Overdue lead at ${notice.dealership_name}: ${shopper}`,
    reassigned: `Lead moved to you (overdue): ${shopper}`,
    // Only reached when the reminder's task is gone: the caller skips such a notice first.
    task_due: `Reminder about ${shopper}`,
  };
  const lines = [
    `${shopper} asked about ${about} at ${received}.`,
    notice.kind === 'escalated'
      ? `Assigned to ${notice.assignee_name ?? 'nobody'}, and not answered by ${due ?? 'its due time'}.`
      : notice.kind === 'overdue' || notice.kind === 'reassigned'
        ? `It was due for an answer by ${due ?? 'now'}: answer it first.`
        : due
          ? `Answer by ${due}.`
          : null,
    notice.kind === 'unassigned' ? 'Take it in the console and answer it.' : null,
    '',
    `Open the lead: ${link}`,
  ].filter((line): line is string => line !== null);
  return {
    subject: `${heading[notice.kind]} · ${notice.dealership_name}`,
    text: lines.join('\n'),
    sms: `${heading[notice.kind]}. ${link}`,
  };
}
