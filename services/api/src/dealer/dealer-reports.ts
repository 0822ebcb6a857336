import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { DataSource } from 'typeorm';
import { DEFAULT_ALERT_ZONE, leadReport, type BusinessHours, type LeadReport, type ReportLead } from '@platform/domain';
import { dealershipHours } from '@platform/site-config';
import { DealershipSlugSchema } from './dealer.schemas';

/** Days a report covers when the address names none: the last 30, today included. */
export const REPORT_DEFAULT_DAYS = 30;
/** The longest range one report reads: a year, leap day included. */
export const REPORT_MAX_DAYS = 366;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (name: string) =>
  z
    .string({ error: `${name} is a date, YYYY-MM-DD.` })
    .regex(DATE, `${name} is a date, YYYY-MM-DD.`)
    .refine((value) => DateTime.fromISO(value, { zone: 'UTC' }).isValid, `${name} is a date, YYYY-MM-DD.`)
    .refine(
      (value) => value >= '2000-01-01' && value <= '2100-12-31',
      `${name} is a date from 2000-01-01 to 2100-12-31.`,
    );

/**
 * The reports' query: dates are days on the dealership's own calendar, both ends included. A range
 * the wrong way round or longer than a year is refused naming `from`.
 */
export const LeadReportQuerySchema = z
  .object({
    dealership: DealershipSlugSchema.optional(),
    from: dateParam('from').optional(),
    to: dateParam('to').optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const days = daysBetween(query.from, query.to) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from is on or before to.' });
    else if (days > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: `A report covers at most ${REPORT_MAX_DAYS} days.` });
  });
export type LeadReportQuery = z.infer<typeof LeadReportQuerySchema>;

const daysBetween = (from: string, to: string): number =>
  Math.round(DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days);
const shift = (day: string, days: number): string =>
  DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate() as string;

/** The dates a report covers: as asked, else the last REPORT_DEFAULT_DAYS days to today (or to `to`). */
export function reportRange(query: LeadReportQuery, timeZone: string, now: Date): { from: string; to: string } {
  const today = DateTime.fromJSDate(now, { zone: timeZone }).toISODate() as string;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.to) return { from: shift(query.to, -(REPORT_DEFAULT_DAYS - 1)), to: query.to };
  if (query.from) {
    // From a day up to today, or a year on from it when today is further.
    const latest = shift(query.from, REPORT_MAX_DAYS - 1);
    return { from: query.from, to: today < query.from ? query.from : today < latest ? today : latest };
  }
  return { from: shift(today, -(REPORT_DEFAULT_DAYS - 1)), to: today };
}

export type LeadReportAnswer = LeadReport & { from: string; to: string; timeZone: string };

interface LeadRow {
  dealership_id: number;
  form: string;
  status: string;
  created_at: Date;
  first_response_at: Date | null;
  assigned_user_id: string | null;
  assigned_name: string | null;
  user_data: unknown;
}

/**
 * The console's lead reports (issue 53, item 8) over the user's dealerships: the leads each
 * received on the days asked, on its own calendar, through the leadReport rule.
 */
@Injectable()
export class DealerReports {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async leads(dealershipIds: number[], query: LeadReportQuery, now = new Date()): Promise<LeadReportAnswer> {
    const clocks = new Map<number, BusinessHours>();
    for (const id of dealershipIds) clocks.set(id, await this.clockOf(id));
    // The dates are read on the first dealership's calendar; each dealership's leads on its own.
    const timeZone = clocks.get(dealershipIds[0]!)?.timeZone ?? DEFAULT_ALERT_ZONE;
    const { from, to } = reportRange(query, timeZone, now);
    const ids = [...clocks.keys()];
    // Only what the report reads of user_data: its visited pages and answers stay in the table.
    const rows = (await this.db.query(
      `WITH zones AS (SELECT unnest($1::int[]) AS id, unnest($2::text[]) AS zone)
       SELECT l.dealership_id, l.form, l.status, l.created_at, l.first_response_at, l.assigned_user_id,
              u.name AS assigned_name,
              jsonb_build_object(
                'source', l.user_data->'source',
                'url', l.user_data->'url',
                'lead_attributes', jsonb_build_object('linked_query_params', l.user_data->'lead_attributes'->'linked_query_params')
              ) AS user_data
       FROM leads l
       JOIN zones z ON z.id = l.dealership_id
       LEFT JOIN dealer_users u ON u.id = l.assigned_user_id
       -- A repeat within minutes (duplicate_of set by the desk) is the same enquiry: counted once.
       WHERE l.duplicate_of IS NULL
         AND l.created_at >= ($3::date)::timestamp AT TIME ZONE z.zone
         AND l.created_at < ($4::date + 1)::timestamp AT TIME ZONE z.zone`,
      [ids, ids.map((id) => clocks.get(id)!.timeZone), from, to],
    )) as LeadRow[];
    const leads: ReportLead[] = rows.map((row) => ({
      form: row.form,
      status: row.status,
      createdAt: row.created_at,
      firstResponseAt: row.first_response_at,
      assignedUserId: row.assigned_user_id,
      assignedName: row.assigned_name,
      userData: row.user_data,
      clock: clocks.get(row.dealership_id)!,
    }));
    return { from, to, timeZone, ...leadReport(leads) };
  }

  /**
   * The dealership's sales hours with its special days of the past year too (dealershipHours reads
   * from yesterday on, for clocks that run forward): a lead of last Christmas Day waited while the
   * doors were shut.
   */
  private async clockOf(dealershipId: number): Promise<BusinessHours> {
    const hours = await dealershipHours(this.db, dealershipId);
    if (!hours) return { timeZone: DEFAULT_ALERT_ZONE, hours: [] };
    const past = (await this.db.query(
      `SELECT to_char(s.date, 'YYYY-MM-DD') AS date, s.status, s.start_hour, s.end_hour, s.department
       FROM location_special_hours s
       WHERE s.location_id = (SELECT id FROM locations WHERE dealership_id = $1 ORDER BY "primary" DESC, id LIMIT 1)
         AND s.date < CURRENT_DATE - 1 AND s.date >= CURRENT_DATE - ${REPORT_MAX_DAYS + 40}`,
      [dealershipId],
    )) as typeof hours.specialHours;
    return { ...hours, specialHours: [...past, ...hours.specialHours] };
  }
}
