import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  checkTask,
  DEFAULT_ALERT_ZONE,
  leadStatusAfterCancel,
  leadStatusForTask,
  leadTransition,
  taskRemindAt,
  taskState,
  type LeadStatus,
  type TaskKind,
  type TaskState,
  type TaskView,
} from '@platform/domain';
import { siteConfigStore } from '@platform/site-config';
import { ProblemException } from '@platform/server-kit';
import { recordDealerAudit, recordFirstResponse } from '@platform/leads';
import type { DealerPrincipal, Membership } from './dealer-accounts';
import type { LeadTaskCreate, TaskListQuery } from './dealer-lead-tasks.schemas';

/** A follow-up task as the console shows it. */
export interface LeadTask {
  id: string;
  kind: TaskKind;
  title: string | null;
  dueAt: string;
  /** When its person is (or was) reminded; null when the task was already due when written. */
  remindAt: string | null;
  remindedAt: string | null;
  state: TaskState;
  /** Who does it and is reminded, while they are still a user of the dealership. */
  assignee: { id: string; name: string } | null;
  createdBy: string | null;
  createdAt: string;
  doneAt: string | null;
  doneBy: string | null;
  cancelledAt: string | null;
}

/** A task in the salesperson's list, with its lead. */
export interface TaskListItem extends LeadTask {
  lead: { id: string; name: string | null; status: LeadStatus; dealership: { slug: string; name: string } };
  /** The dealership's zone: its due time is shown on that clock. */
  timeZone: string;
}

/** The most tasks one lead shows, and one list answers: a lead's year of follow-up, a bounded page. */
export const LEAD_TASKS_LIMIT = 100;
export const TASK_LIST_LIMIT = 200;

/** A dealership's zone (its primary location's), for "today" and the times shown. */
const ZONE_OF = (
  dealership: string,
) => `coalesce((SELECT lz.time_zone FROM locations lz WHERE lz.dealership_id = ${dealership}
  ORDER BY lz."primary" DESC, lz.id LIMIT 1), '${DEFAULT_ALERT_ZONE}')`;

/** The end of today on the task's dealership's calendar. */
const END_OF_TODAY = `((date_trunc('day', now() AT TIME ZONE ${ZONE_OF('t.dealership_id')}) + interval '1 day') AT TIME ZONE ${ZONE_OF('t.dealership_id')})`;

// A person's name only while they still hold a membership of the task's dealership.
const TASK_COLUMNS = `t.id, t.kind, t.title, t.due_at, t.remind_at, t.reminded_at, t.assigned_user_id,
  au.name AS assignee_name, cu.name AS created_by_name, t.created_at, t.done_at, du.name AS done_by_name,
  t.cancelled_at, ${ZONE_OF('t.dealership_id')} AS time_zone`;
const TASK_FROM = `FROM lead_tasks t
  LEFT JOIN dealer_users au ON au.id = t.assigned_user_id
    AND EXISTS (SELECT 1 FROM dealer_memberships am WHERE am.user_id = au.id AND am.dealership_id = t.dealership_id)
  LEFT JOIN dealer_users cu ON cu.id = t.created_by
  LEFT JOIN dealer_users du ON du.id = t.done_by`;

type TaskRow = {
  id: string;
  kind: TaskKind;
  title: string | null;
  due_at: Date;
  remind_at: Date | null;
  reminded_at: Date | null;
  assigned_user_id: string | null;
  assignee_name: string | null;
  created_by_name: string | null;
  created_at: Date;
  done_at: Date | null;
  done_by_name: string | null;
  cancelled_at: Date | null;
  time_zone: string;
};

const taskOf = (row: TaskRow, now: Date): LeadTask => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  dueAt: row.due_at.toISOString(),
  remindAt: row.remind_at?.toISOString() ?? null,
  remindedAt: row.reminded_at?.toISOString() ?? null,
  state: taskState({ dueAt: row.due_at, doneAt: row.done_at, cancelledAt: row.cancelled_at }, now, row.time_zone),
  assignee:
    row.assigned_user_id && row.assignee_name !== null ? { id: row.assigned_user_id, name: row.assignee_name } : null,
  createdBy: row.created_by_name,
  createdAt: row.created_at.toISOString(),
  doneAt: row.done_at?.toISOString() ?? null,
  doneBy: row.done_by_name,
  cancelledAt: row.cancelled_at?.toISOString() ?? null,
});

/** A lead's tasks: open ones soonest due first, then those done or cancelled, latest first. */
export async function leadTasksOf(db: DataSource | EntityManager, leadId: string): Promise<LeadTask[]> {
  const rows = (await db.query(
    `SELECT ${TASK_COLUMNS} ${TASK_FROM} WHERE t.lead_id = $1
     ORDER BY (t.done_at IS NULL AND t.cancelled_at IS NULL) DESC, CASE WHEN t.done_at IS NULL AND t.cancelled_at IS NULL
       THEN t.due_at END ASC, coalesce(t.done_at, t.cancelled_at) DESC, t.id LIMIT ${LEAD_TASKS_LIMIT}`,
    [leadId],
  )) as TaskRow[];
  const now = new Date();
  return rows.map((row) => taskOf(row, now));
}

/** The navigation's count of the user's own open tasks due by the end of today, and those overdue. */
export async function myTaskCounts(db: DataSource, dealer: DealerPrincipal): Promise<{ due: number; overdue: number }> {
  const [row] = (await db.query(
    `SELECT count(*) FILTER (WHERE t.due_at < ${END_OF_TODAY})::int AS due,
       count(*) FILTER (WHERE t.due_at <= now())::int AS overdue
     FROM lead_tasks t WHERE t.dealership_id = ANY($1::int[]) AND t.assigned_user_id = $2
       AND t.done_at IS NULL AND t.cancelled_at IS NULL`,
    [dealer.memberships.map((m) => m.dealershipId), dealer.userId],
  )) as { due: number; overdue: number }[];
  return row ?? { due: 0, overdue: 0 };
}

/**
 * Each task list view as a condition ($1 the user's dealership ids, $2 their id): their own open
 * tasks; every open task of their dealerships past due; or due today on the dealership's calendar.
 */
const VIEW_SQL: Record<TaskView, string> = {
  mine: `t.assigned_user_id = $2::uuid`,
  overdue: `t.due_at <= now() AND $2::uuid IS NOT NULL`,
  today: `t.due_at >= ${END_OF_TODAY} - interval '1 day' AND t.due_at < ${END_OF_TODAY} AND $2::uuid IS NOT NULL`,
};

type LockedLead = {
  id: string;
  dealership_id: number;
  dealership_name: string;
  status: LeadStatus;
  assigned_user_id: string | null;
};

/**
 * Follow-up tasks on the leads of a user's dealerships (issue 53 item 6). Every statement names the
 * user's dealership ids, so another dealership's lead or task is simply not found (the same 404 as
 * an unknown id); a viewer is refused with 403 only after that. Each change is one transaction with
 * its audit rows, under the lead's row lock, so a task and what it does to its lead are written
 * together or not at all.
 */
@Injectable()
export class DealerLeadTasks {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Writes a task on the lead for its person (the one named, else the lead's assignee while they
   * still answer leads there, else the writer), reminded leads.task_reminder_minutes before it is
   * due. A test drive booked on a new or contacted lead moves it to "Test drive booked"; on a new
   * lead that is its first response. Null when the lead is not the user's.
   */
  async add(
    dealer: DealerPrincipal,
    leadId: string,
    body: LeadTaskCreate,
    now = new Date(),
  ): Promise<{ task: LeadTask; lead: { id: string; status: LeadStatus } } | null> {
    const checked = checkTask({ kind: body.kind, dueAt: new Date(body.dueAt), title: body.title }, now);
    return this.db.transaction(async (manager) => {
      const lead = await this.lockLead(manager, dealer, leadId);
      if (!lead) return null;
      if (!checked.ok)
        throw new ProblemException({
          status: 400,
          title: 'Invalid task',
          detail: checked.message,
          errors: [{ path: checked.field, message: checked.message }],
        });
      const assignee = body.assigneeId
        ? await this.chosenPerson(manager, body.assigneeId, lead)
        : ((await this.handler(manager, lead.assigned_user_id, lead.dealership_id)) ?? dealer.userId);
      const config = (await siteConfigStore(this.db).dealership(lead.dealership_id)).leads;
      const remindAt = taskRemindAt(checked.task.dueAt, config.task_reminder_minutes, now);
      const [created] = (await manager.query(
        `INSERT INTO lead_tasks (lead_id, dealership_id, kind, title, due_at, remind_at, assigned_user_id, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          leadId,
          lead.dealership_id,
          checked.task.kind,
          checked.task.title,
          checked.task.dueAt,
          remindAt,
          assignee,
          dealer.userId,
        ],
      )) as { id: string }[];
      const taskId = created!.id;
      await recordDealerAudit(manager, {
        dealershipId: lead.dealership_id,
        userId: dealer.userId,
        action: 'lead.task_added',
        subject: { type: 'lead', id: leadId },
        detail: { task_id: taskId, kind: checked.task.kind, due_at: checked.task.dueAt.toISOString(), to: assignee },
      });
      let status = lead.status;
      const to = leadStatusForTask(checked.task.kind, lead.status);
      if (to && leadTransition(lead.status, to).ok) {
        await this.moveLead(manager, dealer, lead, to, taskId);
        status = to;
      }
      const [task] = await this.taskRows(manager, leadId, taskId);
      return { task: taskOf(task!, new Date()), lead: { id: leadId, status } };
    });
  }

  /** Marks a task done (again is a no-op). Null when the lead or task is not the user's; 409 for a cancelled task. */
  async done(dealer: DealerPrincipal, leadId: string, taskId: string): Promise<LeadTask | null> {
    return this.close(dealer, leadId, taskId, 'done');
  }

  /**
   * Cancels a task (again is a no-op): the shopper called it off. Cancelling the lead's last open
   * test drive while it says "Test drive booked" moves it back to contacted. Null and 409 as done.
   */
  async cancel(dealer: DealerPrincipal, leadId: string, taskId: string): Promise<LeadTask | null> {
    return this.close(dealer, leadId, taskId, 'cancelled');
  }

  private async close(
    dealer: DealerPrincipal,
    leadId: string,
    taskId: string,
    how: 'done' | 'cancelled',
  ): Promise<LeadTask | null> {
    return this.db.transaction(async (manager) => {
      const lead = await this.lockLead(manager, dealer, leadId);
      if (!lead) return null;
      const [task] = (await manager.query(
        `SELECT id, kind, done_at, cancelled_at FROM lead_tasks WHERE id = $1 AND lead_id = $2 FOR UPDATE`,
        [taskId, leadId],
      )) as { id: string; kind: TaskKind; done_at: Date | null; cancelled_at: Date | null }[];
      if (!task) return null;
      const already = how === 'done' ? task.done_at : task.cancelled_at;
      const other = how === 'done' ? task.cancelled_at : task.done_at;
      if (other) {
        const message =
          how === 'done'
            ? 'This task was cancelled: add a new one if it is on again.'
            : 'This task is done already: it cannot be cancelled.';
        throw new ProblemException({
          status: 409,
          title: how === 'done' ? 'Task cancelled' : 'Task done',
          detail: message,
          errors: [{ path: 'task', message }],
        });
      }
      if (!already) {
        if (how === 'done')
          await manager.query(`UPDATE lead_tasks SET done_at = now(), done_by = $2 WHERE id = $1`, [
            taskId,
            dealer.userId,
          ]);
        else await manager.query(`UPDATE lead_tasks SET cancelled_at = now() WHERE id = $1`, [taskId]);
        await recordDealerAudit(manager, {
          dealershipId: lead.dealership_id,
          userId: dealer.userId,
          action: how === 'done' ? 'lead.task_done' : 'lead.task_cancelled',
          subject: { type: 'lead', id: leadId },
          detail: { task_id: taskId, kind: task.kind },
        });
        if (how === 'cancelled') {
          const [open] = (await manager.query(
            `SELECT count(*)::int AS n FROM lead_tasks
             WHERE lead_id = $1 AND kind = 'test_drive' AND done_at IS NULL AND cancelled_at IS NULL`,
            [leadId],
          )) as { n: number }[];
          const to = leadStatusAfterCancel(task.kind, lead.status, open!.n);
          if (to && leadTransition(lead.status, to).ok) await this.moveLead(manager, dealer, lead, to, taskId);
        }
      }
      const [row] = await this.taskRows(manager, leadId, taskId);
      return taskOf(row!, new Date());
    });
  }

  /**
   * The open tasks of the user's dealerships in a view (their own by default), soonest due first,
   * at most TASK_LIST_LIMIT. Null when `dealership` is not one of theirs.
   */
  async list(dealer: DealerPrincipal, query: TaskListQuery): Promise<TaskListItem[] | null> {
    let ids = dealer.memberships.map((m) => m.dealershipId);
    if (query.dealership) {
      const chosen = dealer.memberships.find((m) => m.slug === query.dealership);
      if (!chosen) return null;
      ids = [chosen.dealershipId];
    }
    const rows = (await this.db.query(
      `SELECT ${TASK_COLUMNS}, l.id AS lead_id, l.status AS lead_status, d.slug AS dealership_slug,
         d.name AS dealership_name,
         nullif(concat_ws(' ', nullif(btrim(l.fields->>'name'), ''), nullif(btrim(l.fields->>'last_name'), '')), '') AS lead_name
       ${TASK_FROM} JOIN leads l ON l.id = t.lead_id JOIN dealerships d ON d.id = t.dealership_id
       WHERE t.dealership_id = ANY($1::int[]) AND t.done_at IS NULL AND t.cancelled_at IS NULL AND ${VIEW_SQL[query.view]}
       ORDER BY t.due_at, t.id LIMIT ${TASK_LIST_LIMIT}`,
      [ids, dealer.userId],
    )) as (TaskRow & {
      lead_id: string;
      lead_status: LeadStatus;
      dealership_slug: string;
      dealership_name: string;
      lead_name: string | null;
    })[];
    const now = new Date();
    return rows.map((row) => ({
      ...taskOf(row, now),
      lead: {
        id: row.lead_id,
        name: row.lead_name,
        status: row.lead_status,
        dealership: { slug: row.dealership_slug, name: row.dealership_name },
      },
      timeZone: row.time_zone,
    }));
  }

  private async taskRows(manager: EntityManager, leadId: string, taskId: string): Promise<TaskRow[]> {
    return (await manager.query(`SELECT ${TASK_COLUMNS} ${TASK_FROM} WHERE t.id = $1 AND t.lead_id = $2`, [
      taskId,
      leadId,
    ])) as TaskRow[];
  }

  /** Moves the lead for its task (the domain allowed it), audited as any status change. */
  private async moveLead(
    manager: EntityManager,
    dealer: DealerPrincipal,
    lead: LockedLead,
    to: LeadStatus,
    taskId: string,
  ): Promise<void> {
    await manager.query(`UPDATE leads SET status = $2, lost_reason = NULL, status_changed_at = now() WHERE id = $1`, [
      lead.id,
      to,
    ]);
    // Booking the test drive is dealing with the shopper: on a new lead, the clock stops.
    if (lead.status === 'new') await recordFirstResponse(manager, lead.id, dealer.userId, 'status');
    await recordDealerAudit(manager, {
      dealershipId: lead.dealership_id,
      userId: dealer.userId,
      action: 'lead.status_changed',
      subject: { type: 'lead', id: lead.id },
      detail: { from: lead.status, to, task_id: taskId },
    });
  }

  /** The person named for a task: an owner or salesperson of the lead's dealership, else a 400 naming assigneeId. */
  private async chosenPerson(manager: EntityManager, userId: string, lead: LockedLead): Promise<string> {
    const [member] = (await manager.query(
      `SELECT u.name, m.role FROM dealer_memberships m JOIN dealer_users u ON u.id = m.user_id
       WHERE m.user_id = $1 AND m.dealership_id = $2`,
      [userId, lead.dealership_id],
    )) as { name: string; role: string }[];
    if (member && (member.role === 'owner' || member.role === 'sales')) return userId;
    const message = member
      ? `${member.name} is read only (viewer) at ${lead.dealership_name}: choose someone who can do the task.`
      : `Choose a user of ${lead.dealership_name}: this one is not.`;
    throw new ProblemException({
      status: 400,
      title: 'Not someone who can do the task',
      detail: message,
      errors: [{ path: 'assigneeId', message }],
    });
  }

  /** The user while they answer leads at the dealership (owner or sales), else null. */
  private async handler(manager: EntityManager, userId: string | null, dealershipId: number): Promise<string | null> {
    if (!userId) return null;
    const [member] = (await manager.query(
      `SELECT 1 FROM dealer_memberships WHERE user_id = $1 AND dealership_id = $2 AND role IN ('owner', 'sales')`,
      [userId, dealershipId],
    )) as unknown[];
    return member ? userId : null;
  }

  /**
   * The lead locked for a change when it is one of the user's dealerships' (else null: the same
   * 404 as an unknown id); a viewer of its dealership is refused with 403 only after that.
   */
  private async lockLead(manager: EntityManager, dealer: DealerPrincipal, leadId: string): Promise<LockedLead | null> {
    const [lead] = (await manager.query(
      `SELECT l.id, l.dealership_id, d.name AS dealership_name, l.status, l.assigned_user_id
       FROM leads l JOIN dealerships d ON d.id = l.dealership_id
       WHERE l.id = $1 AND l.dealership_id = ANY($2::int[]) FOR UPDATE OF l`,
      [leadId, dealer.memberships.map((m) => m.dealershipId)],
    )) as LockedLead[];
    if (!lead) return null;
    const membership = dealer.memberships.find((m) => m.dealershipId === lead.dealership_id) as Membership;
    if (membership.role === 'viewer')
      throw new ProblemException({
        status: 403,
        title: 'Read only',
        detail: `Your role in ${membership.name} is viewer: you can see its tasks but not change them. Ask an owner for the sales role.`,
      });
    return lead;
  }
}
