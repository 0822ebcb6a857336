import { z } from 'zod';
import { consoleGet } from './dealer';

/**
 * The console's lead reports call (issue 53, item 8), made server-side with the dealer's session.
 * Loose objects: the page reads what it shows and ignores anything the api adds later.
 */

const RowSchema = z.looseObject({
  key: z.string(),
  label: z.string(),
  leads: z.number(),
  won: z.number(),
  conversionPercent: z.number().nullable(),
});
export type ReportRow = z.infer<typeof RowSchema>;

const SalespersonSchema = RowSchema.extend({
  userId: z.string().nullable(),
  responded: z.number(),
  p50Minutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
});
export type SalespersonRow = z.infer<typeof SalespersonSchema>;

export const LeadReportSchema = z.looseObject({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  total: z.number(),
  won: z.number(),
  conversionPercent: z.number().nullable(),
  responded: z.number(),
  p50Minutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
  bySource: z.array(RowSchema),
  byForm: z.array(RowSchema),
  bySalesperson: z.array(SalespersonSchema),
});
export type LeadReport = z.infer<typeof LeadReportSchema>;

/** The lead report for the page's dealership and dates, passed through as the api's query. */
export function getLeadReport(site: string, query: URLSearchParams) {
  const text = query.toString();
  return consoleGet(site, `/api/dealer/reports/leads${text ? `?${text}` : ''}`, LeadReportSchema);
}
