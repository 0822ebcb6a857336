import { DateTime } from 'luxon';
import { salesHoursOn, type SlotOpeningHours, type SlotSpecialHours } from './test-drive-slots';

/** Whether a place is open at an instant, on its own clock, and today's hours there. */
export interface OpenNow {
  open: boolean;
  /** Today's hours on the place's clock ('08:30' to '17:30'), or null when it is closed all day. */
  today: { open: string; close: string } | null;
}

/**
 * Open now, by the same rule as the test-drive slots and the business clock: a special day (a sales
 * entry before an 'all' one) replaces the weekly hours, and the close time is exclusive, so a
 * dealership closing at 17:30 is closed at 17:30. Read in the place's own time zone.
 */
export function openNow(
  at: Date,
  timeZone: string,
  hours: readonly SlotOpeningHours[],
  specialHours: readonly SlotSpecialHours[] = [],
): OpenNow {
  const local = DateTime.fromJSDate(at, { zone: timeZone });
  if (!local.isValid) return { open: false, today: null };
  const today = salesHoursOn(local.toISODate() as string, local.weekday % 7, hours, specialHours);
  if (!today) return { open: false, today: null };
  const clock = local.toFormat('HH:mm');
  const [open, close] = [today.open.padStart(5, '0'), today.close.padStart(5, '0')];
  return { open: clock >= open && clock < close, today };
}
