import { DateTime } from 'luxon';
import { atClock, salesHoursOn, type SlotOpeningHours, type SlotSpecialHours } from '../hours/test-drive-slots';

/** Days looked ahead for opening hours before a dealership is taken to have none (a fortnight's closure). */
export const DEALER_RESPONSE_LOOKAHEAD_DAYS = 31;

export interface DealerResponseDueOptions {
  /** When the hold began (the deposit was paid). */
  from: Date;
  /** reservations.dealer_response_hours: hours the dealership is open. */
  businessHours: number;
  /** The dealership's primary location's sales hours, and its special hours. */
  hours: readonly SlotOpeningHours[];
  specialHours?: readonly SlotSpecialHours[] | null;
  /** The location's IANA zone: hours are the dealer's wall clock. */
  timeZone: string;
}

/**
 * When a dealership should have answered a new hold: `businessHours` of its sales opening hours
 * after `from`, counted in real minutes within each open day (nights, weekends, closed and special
 * days do not count; a day the clocks change counts the minutes it really has). A hold paid while
 * the dealership is closed starts counting at the next opening. A dealership open less than
 * `businessHours` in the next DEALER_RESPONSE_LOOKAHEAD_DAYS (no hours recorded, or closed that long)
 * is given plain elapsed hours, so a reminder is never put off for weeks.
 */
export function dealerResponseDueAt(options: DealerResponseDueOptions): Date {
  const { from, businessHours, hours, specialHours, timeZone } = options;
  if (!(businessHours > 0)) throw new RangeError(`businessHours must be positive, got ${businessHours}`);
  const start = DateTime.fromJSDate(from, { zone: timeZone });
  if (!start.isValid) throw new RangeError(`Unknown time zone: ${timeZone}`);
  let remainingMs = Math.round(businessHours * 3_600_000);
  for (let offset = 0; offset < DEALER_RESPONSE_LOOKAHEAD_DAYS; offset += 1) {
    const day = start.startOf('day').plus({ days: offset });
    const dayHours = salesHoursOn(day.toISODate() as string, day.weekday % 7, hours, specialHours ?? []);
    if (!dayHours) continue;
    const open = atClock(day, dayHours.open).toMillis();
    const close = atClock(day, dayHours.close).toMillis();
    const begin = Math.max(open, from.getTime());
    if (close <= begin) continue;
    if (close - begin >= remainingMs) return new Date(begin + remainingMs);
    remainingMs -= close - begin;
  }
  return new Date(from.getTime() + Math.round(businessHours * 3_600_000));
}

/** Why an extension of a hold is refused, or null when it is within the configured bounds. */
export function holdExtensionRefusal(request: {
  hours: number;
  extensionsSoFar: number;
  maxExtensionHours: number;
  maxExtensions: number;
}): string | null {
  if (request.maxExtensions === 0) return 'This dealership does not extend holds (reservations.max_extensions is 0).';
  if (request.extensionsSoFar >= request.maxExtensions)
    return `This hold has been extended ${request.extensionsSoFar} times, the most allowed (${request.maxExtensions}).`;
  if (request.hours > request.maxExtensionHours)
    return `A hold can be extended by at most ${request.maxExtensionHours} hours at a time.`;
  return null;
}
