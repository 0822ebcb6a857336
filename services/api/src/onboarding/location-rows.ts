import type { EntityManager } from 'typeorm';
import {
  dayHoursOf,
  LOCATION_DEPARTMENTS,
  WEEKDAY_NAMES,
  weeklyHoursRows,
  type DayHoursInput,
  type LocationDepartment,
  type LocationPut,
  type StreetAddress,
} from '@platform/domain';

/** A department's week in the document's words: each weekday's hours, or 'closed'. */
export type WeekInWords = Partial<Record<(typeof WEEKDAY_NAMES)[number], DayHoursInput>>;

/** A special day in the document's words. */
export interface SpecialDayInWords {
  date: string;
  department: string;
  hours: DayHoursInput;
}

/** The map link a location is given for its street address (a search, until ops give a place). */
export const placeUrlOf = (address: Pick<StreetAddress, 'street' | 'city' | 'state' | 'postcode'>): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${address.street}, ${address.city} ${address.state} ${address.postcode}`)}`;

/**
 * Writes a location's weekly hours (seven rows per department it gives, a day left out closed)
 * and special days, replacing any it had, in the caller's transaction. Onboarding and the ops
 * location record write them the same way, so GET reads back what either wrote.
 */
export async function writeLocationHours(
  manager: EntityManager,
  locationId: number,
  location: Pick<LocationPut, 'name' | 'hours' | 'special_hours'>,
): Promise<void> {
  await manager.query(`DELETE FROM location_hours WHERE location_id = $1`, [locationId]);
  await manager.query(`DELETE FROM location_special_hours WHERE location_id = $1`, [locationId]);
  const rows = LOCATION_DEPARTMENTS.flatMap((department) => {
    const week = location.hours[department];
    return week ? weeklyHoursRows(department, week) : [];
  });
  if (rows.length > 0)
    await manager.query(
      `INSERT INTO location_hours (location_id, department, weekday, status, open, close)
       SELECT $1, * FROM unnest($2::text[], $3::smallint[], $4::text[], $5::text[], $6::text[])`,
      [
        locationId,
        rows.map((r) => r.department),
        rows.map((r) => r.weekday),
        rows.map((r) => r.status),
        rows.map((r) => r.open),
        rows.map((r) => r.close),
      ],
    );
  if (location.special_hours.length > 0) {
    const days = location.special_hours.map((special) => (special.hours === 'closed' ? null : special.hours));
    await manager.query(
      `INSERT INTO location_special_hours (location_id, date, status, start_hour, end_hour, department, location_name)
       SELECT $1, * FROM unnest($2::date[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
      [
        locationId,
        location.special_hours.map((s) => s.date),
        days.map((open) => (open ? 'Open' : 'Closed')),
        days.map((open) => open?.open ?? null),
        days.map((open) => open?.close ?? null),
        location.special_hours.map((s) => s.department),
        location.special_hours.map(() => location.name),
      ],
    );
  }
}

/** Reads locations' hours and special days back in the document's words, by location id. */
export async function readLocationHours(
  manager: Pick<EntityManager, 'query'>,
  locationIds: readonly number[],
): Promise<
  Map<number, { hours: Partial<Record<LocationDepartment, WeekInWords>>; special_hours: SpecialDayInWords[] }>
> {
  const [hours, special] = (await Promise.all([
    manager.query(
      `SELECT location_id, department, weekday, status, open, close FROM location_hours
       WHERE location_id = ANY($1::int[]) ORDER BY location_id, department, weekday`,
      [[...locationIds]],
    ),
    manager.query(
      `SELECT location_id, to_char(date, 'YYYY-MM-DD') AS date, department, status, start_hour, end_hour
       FROM location_special_hours WHERE location_id = ANY($1::int[]) ORDER BY location_id, date, department, id`,
      [[...locationIds]],
    ),
  ])) as [
    {
      location_id: number;
      department: string;
      weekday: number;
      status: string;
      open: string | null;
      close: string | null;
    }[],
    {
      location_id: number;
      date: string;
      department: string;
      status: string;
      start_hour: string | null;
      end_hour: string | null;
    }[],
  ];
  const out = new Map(
    locationIds.map((id) => [
      id,
      {
        hours: {} as Partial<Record<LocationDepartment, WeekInWords>>,
        special_hours: [] as SpecialDayInWords[],
      },
    ]),
  );
  for (const row of hours) {
    const day = WEEKDAY_NAMES[row.weekday];
    const entry = out.get(row.location_id);
    if (!day || !entry) continue;
    (entry.hours[row.department as LocationDepartment] ??= {})[day] = dayHoursOf(
      row as Parameters<typeof dayHoursOf>[0],
    );
  }
  for (const row of special)
    out.get(row.location_id)?.special_hours.push({
      date: row.date,
      department: row.department,
      hours: dayHoursOf({ status: row.status as 'Open' | 'Closed', open: row.start_hour, close: row.end_hour }),
    });
  return out;
}
