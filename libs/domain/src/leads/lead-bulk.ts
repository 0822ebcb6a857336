import { DateTime } from 'luxon';
import type { LeadStatus } from './lead-status';

/**
 * The inbox's working tools beyond one lead (issue 53 item 4): a date range of the dealership's
 * calendar days, saved views, and bulk assign and bulk close with undo. The api and the console
 * share these rules so they never disagree on a limit.
 */

/** The most leads one bulk action takes: a page of the inbox. */
export const BULK_LEADS_MAX = 100;

/** What a bulk action does to each lead: give it to someone, or close it as lost with a reason. */
export const BULK_ACTIONS = ['assign', 'close'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** How long the person who made a bulk change may undo it. */
export const BULK_UNDO_MINUTES = 10;

/** The most saved views a user keeps, and the longest name of one. */
export const SAVED_VIEWS_MAX = 20;
export const SAVED_VIEW_NAME_MAX = 60;

/** A calendar day as the address and the api carry it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real day of the calendar in YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  return DAY.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid;
}

export type DateRangeCheck =
  { ok: true; from: string | null; to: string | null } | { ok: false; field: 'from' | 'to'; message: string };

/**
 * The inbox's date range: `from` and `to` are days on the dealership's calendar, both included,
 * either may be left open, and the range never runs backwards. A refusal names the field to fix.
 */
export function checkDateRange(from?: string | null, to?: string | null): DateRangeCheck {
  if (from && !isCalendarDay(from))
    return { ok: false, field: 'from', message: 'from is a day such as 2026-03-01 (year, month, day).' };
  if (to && !isCalendarDay(to))
    return { ok: false, field: 'to', message: 'to is a day such as 2026-03-31 (year, month, day).' };
  // Same-length YYYY-MM-DD strings order as the days do.
  if (from && to && from > to) return { ok: false, field: 'to', message: `to is on or after from (${from}).` };
  return { ok: true, from: from || null, to: to || null };
}

/** What a bulk change touched on a lead, before and after: what an undo puts back. */
export interface LeadWorkState {
  status: LeadStatus;
  lostReason: string | null;
  assigneeId: string | null;
}

export interface BulkChangeRecord {
  before: LeadWorkState;
  after: LeadWorkState;
}

export type UndoVerdict = { restore: true; to: LeadWorkState } | { restore: false; reason: string };

/** Audit actions that change nothing an undo restores (a private note). */
const HARMLESS_ACTIONS: readonly string[] = ['lead.note_added'];

const sameState = (a: LeadWorkState, b: LeadWorkState): boolean =>
  a.status === b.status && a.lostReason === b.lostReason && a.assigneeId === b.assigneeId;

/**
 * Whether undoing a bulk change may put one lead back: only when nobody has acted on it since
 * (its state is still the batch's and no later change is in its log), so an undo never throws away
 * a colleague's work. `laterActions` are the lead's audit actions recorded after the batch's own.
 */
export function undoVerdict(
  change: BulkChangeRecord,
  current: LeadWorkState | null,
  laterActions: readonly string[],
): UndoVerdict {
  if (current === null) return { restore: false, reason: 'The lead is no longer there.' };
  const acted = laterActions.filter((action) => !HARMLESS_ACTIONS.includes(action));
  if (acted.length > 0 || !sameState(current, change.after))
    return { restore: false, reason: 'Changed since by someone: left as it is.' };
  return { restore: true, to: change.before };
}

export type UndoWindow = { ok: true } | { ok: false; title: string; message: string };

/** Whether a batch may still be undone at `now`: once, within BULK_UNDO_MINUTES of being made. */
export function undoWindow(batch: { createdAt: Date; undoneAt: Date | null }, now: Date): UndoWindow {
  if (batch.undoneAt !== null)
    return { ok: false, title: 'Already undone', message: 'This bulk change was undone already: nothing changed.' };
  if (now.getTime() - batch.createdAt.getTime() > BULK_UNDO_MINUTES * 60_000)
    return {
      ok: false,
      title: 'Too late to undo',
      message: `A bulk change can be undone for ${BULK_UNDO_MINUTES} minutes: change the leads one by one instead.`,
    };
  return { ok: true };
}

/** "Closed 5 leads", "Assigned 1 lead to Sam", for the console's announcement after a bulk action. */
export function bulkSummary(action: BulkAction, changed: number, assignee?: string | null): string {
  const leads = `${changed} ${changed === 1 ? 'lead' : 'leads'}`;
  if (action === 'close') return `Closed ${leads}`;
  return assignee ? `Assigned ${leads} to ${assignee}` : `Assigned ${leads}`;
}
