import { businessTimeAfter, businessTimeBetween, type BusinessHours } from '../hours/business-clock';

/**
 * The first-response clock (issue 53): a lead must be answered by a person within the dealership's
 * target, counted in its sales opening hours (businessTimeAfter). A lead that arrives at 9 pm is
 * due a few minutes after the doors open, not at 9:05 pm.
 */
export const DEFAULT_RESPONSE_TARGET_MINUTES = 5;
/** A lead is "due soon" this many minutes before it is due. */
export const DEFAULT_DUE_SOON_MINUTES = 2;

/** Where a lead stands against its clock. */
export const RESPONSE_STATES = ['answered', 'on_time', 'due_soon', 'overdue'] as const;
export type ResponseState = (typeof RESPONSE_STATES)[number];

export const RESPONSE_STATE_LABELS: Record<ResponseState, string> = {
  answered: 'Answered',
  on_time: 'On time',
  due_soon: 'Due soon',
  overdue: 'Overdue',
};

const MINUTE = 60_000;

/** When a lead received at `receivedAt` is due: `targetMinutes` of the dealership's open time after it arrived. */
export function responseDueAt(receivedAt: Date, targetMinutes: number, clock: BusinessHours): Date {
  return businessTimeAfter(receivedAt, targetMinutes * MINUTE, clock);
}

/** How long a first response took, in whole minutes of open time (the reports' response time). */
export function responseMinutes(receivedAt: Date, respondedAt: Date, clock: BusinessHours): number {
  return Math.round(businessTimeBetween(receivedAt, respondedAt, clock) / MINUTE);
}
/** Where a lead stands at `now`: answered once a person responded, else by its due time. */
export function responseState(input: {
  dueAt: Date;
  now: Date;
  firstResponseAt: Date | null;
  dueSoonMinutes?: number;
}): ResponseState {
  if (input.firstResponseAt) return 'answered';
  const left = input.dueAt.getTime() - input.now.getTime();
  if (left <= 0) return 'overdue';
  return left <= (input.dueSoonMinutes ?? DEFAULT_DUE_SOON_MINUTES) * MINUTE ? 'due_soon' : 'on_time';
}
