import { DateTime } from 'luxon';

/**
 * A plain Date is read on Australian eastern time, where the platform's dealers are, so a car does not
 * age a year early on New Year's Eve in UTC. A luxon DateTime keeps its own zone.
 */
export const FINANCE_TIME_ZONE = 'Australia/Sydney';

export function currentYear(now: Date | DateTime): number {
  return (now instanceof Date ? DateTime.fromJSDate(now, { zone: FINANCE_TIME_ZONE }) : now).year;
}
