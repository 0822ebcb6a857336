/** The sales counter's clock (spec 001 §9). */
export const SALES_COUNTER_ZONE = 'Australia/Brisbane';
export const SALES_PER_DAY = 192;
export const SECONDS_PER_SALE = 450;
/** The counter refreshes every 150 s and counts up over 2 s (spec 001 §4). */
export const SALES_COUNTER_REFRESH_MS = 150_000;
export const SALES_COUNTER_ANIMATION_MS = 2000;
export const SALES_COUNTER_LABEL = 'Sales this Month';

/**
 * 'Sales this Month': (day of month - 1) x 192 + seconds since midnight / 450, on the Brisbane
 * calendar and clock, in whole sales.
 */
export function salesThisMonth(now: Date): number {
  const { day, hour, minute, second } = brisbaneClock(now);
  const seconds = hour * 3600 + minute * 60 + second;
  return (day - 1) * SALES_PER_DAY + Math.floor(seconds / SECONDS_PER_SALE);
}

// Read with Intl rather than luxon: the counter runs in the browser, where luxon would add about
// 20 kB to the home page for one time zone.
const BRISBANE_PARTS = new Intl.DateTimeFormat('en-AU', {
  timeZone: SALES_COUNTER_ZONE,
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function brisbaneClock(now: Date): { day: number; hour: number; minute: number; second: number } {
  const parts = BRISBANE_PARTS.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** The value shown `elapsed` ms into a count-up from `from` to `to` (ease-out, whole numbers). */
export function countUpValue(from: number, to: number, elapsed: number, duration = SALES_COUNTER_ANIMATION_MS): number {
  if (elapsed >= duration || duration <= 0) return to;
  if (elapsed <= 0) return from;
  const progress = 1 - (1 - elapsed / duration) ** 3;
  return Math.round(from + (to - from) * progress);
}
