import { DateTime } from 'luxon';
import type { LeadStatus } from './lead-status';

/**
 * Follow-up on a lead (issue 53 item 6): the things a salesperson has promised the shopper, each
 * with a due time and a reminder to the person doing it. The api, the worker's reminder and the
 * console all read these rules from here, so they never disagree.
 */
export const TASK_KINDS = ['call_back', 'test_drive', 'finance_docs', 'other'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_KIND_LABELS: Record<TaskKind, string> = {
  call_back: 'Call back',
  test_drive: 'Test drive',
  finance_docs: 'Finance documents',
  other: 'Other',
};

export function isTaskKind(value: unknown): value is TaskKind {
  return typeof value === 'string' && (TASK_KINDS as readonly string[]).includes(value);
}

/** The longest title kept: a line saying what is to be done ("Bring the payslips"). */
export const TASK_TITLE_MAX = 200;
/** How far ahead a task may be due: a test drive booked for next year's model is still a booking. */
export const TASK_DUE_MAX_AHEAD_DAYS = 366;
/**
 * How long ago a task may have been due when it is written down: a call promised this morning and
 * noted this afternoon. Anything older is a typing mistake (last year's date), not a task.
 */
export const TASK_DUE_MAX_PAST_HOURS = 24;
/** The most minutes before its due time a reminder may come (leads.task_reminder_minutes): a day. */
export const TASK_REMINDER_MINUTES_MAX = 1440;
/**
 * A reminder not sent within this long after its task was due (the worker was down for a day) is
 * history, not an alarm: it is marked reminded and nobody is told.
 */
export const TASK_REMINDER_WINDOW_MS = 12 * 3600_000;

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

export type TaskInput = { kind: TaskKind; dueAt: Date; title?: string | null };
export type TaskCheck =
  | { ok: true; task: { kind: TaskKind; dueAt: Date; title: string | null } }
  | { ok: false; field: 'dueAt' | 'title'; message: string };

/**
 * Whether a task may be written down at `now`: due no more than TASK_DUE_MAX_AHEAD_DAYS ahead nor
 * TASK_DUE_MAX_PAST_HOURS past, its title trimmed (empty is none) and at most TASK_TITLE_MAX
 * characters on one line. A refusal names the field to fix.
 */
export function checkTask(input: TaskInput, now: Date): TaskCheck {
  const due = input.dueAt.getTime();
  if (!Number.isFinite(due)) return { ok: false, field: 'dueAt', message: 'Give the date and time it is due.' };
  if (due > now.getTime() + TASK_DUE_MAX_AHEAD_DAYS * DAY)
    return { ok: false, field: 'dueAt', message: 'Choose a due time within the next year.' };
  if (due < now.getTime() - TASK_DUE_MAX_PAST_HOURS * HOUR)
    return { ok: false, field: 'dueAt', message: 'That due time is more than a day ago: choose a time from today on.' };
  const title = input.title?.trim() ?? '';
  if (title.length > TASK_TITLE_MAX)
    return { ok: false, field: 'title', message: `Keep the title under ${TASK_TITLE_MAX} characters.` };
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(title))
    return { ok: false, field: 'title', message: 'The title must be one line of plain text.' };
  return { ok: true, task: { kind: input.kind, dueAt: new Date(due), title: title === '' ? null : title } };
}

/**
 * When the task's person is reminded: `minutesBefore` (leads.task_reminder_minutes) before it is
 * due, or at once when that moment has already passed but the task is still ahead (booked for ten
 * minutes' time). A task already due when written down has no reminder: whoever wrote it knows.
 */
export function taskRemindAt(dueAt: Date, minutesBefore: number, now: Date): Date | null {
  if (dueAt.getTime() <= now.getTime()) return null;
  const at = dueAt.getTime() - Math.max(0, Math.min(minutesBefore, TASK_REMINDER_MINUTES_MAX)) * MINUTE;
  return new Date(Math.max(at, now.getTime()));
}

export type TaskState = 'done' | 'cancelled' | 'overdue' | 'today' | 'upcoming';

export const TASK_STATE_LABELS: Record<TaskState, string> = {
  done: 'Done',
  cancelled: 'Cancelled',
  overdue: 'Overdue',
  today: 'Due today',
  upcoming: 'Upcoming',
};

/**
 * Where a task stands at `now`: done or cancelled, else overdue once its due time has passed, due
 * today (on the dealership's calendar, `zone`), or upcoming.
 */
export function taskState(
  task: { dueAt: Date; doneAt: Date | null; cancelledAt: Date | null },
  now: Date,
  zone: string,
): TaskState {
  if (task.doneAt) return 'done';
  if (task.cancelledAt) return 'cancelled';
  if (task.dueAt.getTime() < now.getTime()) return 'overdue';
  const day = (at: Date) => DateTime.fromJSDate(at, { zone }).toISODate();
  return day(task.dueAt) === day(now) ? 'today' : 'upcoming';
}

/**
 * Where booking a task moves its lead: a test drive booked on a new or contacted lead makes it
 * "Test drive booked" (appointment). Null when the lead stays where it is (any other task, or a
 * lead already booked, won or lost: booking a second drive after a sale changes nothing).
 */
export function leadStatusForTask(kind: TaskKind, status: LeadStatus): LeadStatus | null {
  return kind === 'test_drive' && (status === 'new' || status === 'contacted') ? 'appointment' : null;
}

/**
 * Where cancelling a test drive moves its lead: back to contacted when the lead says "Test drive
 * booked" and no other test drive is still open; else null.
 */
export function leadStatusAfterCancel(
  kind: TaskKind,
  status: LeadStatus,
  otherOpenTestDrives: number,
): LeadStatus | null {
  return kind === 'test_drive' && status === 'appointment' && otherOpenTestDrives === 0 ? 'contacted' : null;
}

/** The task as a phrase about its shopper: "call back Jane Citizen", "test drive with Jane Citizen". */
export function taskPhrase(kind: TaskKind, shopper: string, title: string | null = null): string {
  switch (kind) {
    case 'call_back':
      return `call back ${shopper}`;
    case 'test_drive':
      return `test drive with ${shopper}`;
    case 'finance_docs':
      return `finance documents for ${shopper}`;
    case 'other':
      return title ? `${title} (${shopper})` : `follow up ${shopper}`;
  }
}

/**
 * The instant of a date and time on a dealership's wall clock ('2026-12-05', '15:30' in
 * Australia/Melbourne), as the console's form asks for them. Null for a date or time that is not
 * one, or a time the clocks skip when daylight saving starts.
 */
export function wallClockInstant(date: string, time: string, zone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const at = DateTime.fromISO(`${date}T${time}`, { zone });
  if (!at.isValid) return null;
  // Luxon moves a skipped time (2:30 am as the clocks go forward) on an hour: that is not what was typed.
  if (at.toFormat('yyyy-MM-dd HH:mm') !== `${date} ${time}`) return null;
  return at.toJSDate();
}

/**
 * The salesperson's task list (`/dealer/tasks`): their own open tasks, soonest due first; and, over
 * their dealerships, every open task past its due time, or due today.
 */
export const TASK_VIEWS = ['mine', 'overdue', 'today'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export const TASK_VIEW_LABELS: Record<TaskView, string> = {
  mine: 'My tasks',
  overdue: 'Overdue',
  today: 'Due today',
};
