import { z } from 'zod';
import { ApiError } from './client';
import { consoleGet } from './dealer';

/**
 * The console's stock insights calls (issue 41), made server-side with the dealer's session.
 * Schemas are loose: the pages read what they show and ignore anything the api adds later.
 */

export const StockRowSchema = z.looseObject({
  id: z.number(),
  dealership: z.string(),
  stocknum: z.string().nullable(),
  title: z.string(),
  slug: z.string().nullable(),
  /** Null for an 'enquire for price' car. */
  price: z.number().nullable(),
  daysInStock: z.number(),
  bucket: z.string(),
  views7: z.number(),
  views30: z.number(),
  enquiries7: z.number(),
  enquiries30: z.number(),
  score: z.number().nullable(),
  band: z.string().nullable(),
  pricePosition: z.string(),
  marketAverage: z.number().nullable(),
  dailyViews: z.array(z.number()),
});
export type StockRow = z.infer<typeof StockRowSchema>;

export const StockInsightsSchema = z.object({
  cars: z.array(StockRowSchema),
  buckets: z.record(z.string(), z.number()),
  total: z.number(),
  /** Live cars the filters keep; `cars` is one page of them. */
  matching: z.number(),
});
export type StockInsights = z.infer<typeof StockInsightsSchema>;

export const CarInsightsSchema = z.looseObject({
  car: z.looseObject({
    id: z.number(),
    dealership: z.string(),
    stocknum: z.string().nullable(),
    slug: z.string().nullable(),
    title: z.string(),
    price: z.number().nullable(),
    status: z.string(),
    daysInStock: z.number(),
    listedOn: z.string(),
  }),
  rating: z
    .looseObject({ score: z.number(), band: z.string().nullable(), explanation: z.string().nullable() })
    .nullable(),
  market: z.looseObject({
    /** enough: the figures below; not-enough: under five comparable cars; pending: not worked out yet. */
    status: z.enum(['enough', 'not-enough', 'pending']),
    segment: z.string().nullable(),
    comparedWith: z.string(),
    expectedViews7: z.number().nullable(),
    expectedEnquiries7: z.number().nullable(),
    average: z.number().nullable(),
    position: z.string(),
    comparables: z.number(),
    range: z.object({ min: z.number(), max: z.number() }).nullable(),
    text: z.string(),
  }),
  daysToSell: z.looseObject({
    days: z.number().nullable(),
    atMarket: z.number().nullable(),
    text: z.string(),
    overdue: z.boolean(),
  }),
  daily: z.array(
    z.object({
      day: z.string(),
      views: z.number(),
      phoneReveals: z.number(),
      enquiries: z.number(),
      searchAppearances: z.number(),
      price: z.number().nullable(),
    }),
  ),
  priceChanges: z.array(z.object({ day: z.string(), from: z.number(), to: z.number() })),
});
export type CarInsights = z.infer<typeof CarInsightsSchema>;

const PerformerSchema = z.looseObject({
  id: z.number(),
  title: z.string(),
  score: z.number(),
  band: z.string().nullable(),
  explanation: z.string().nullable(),
});
export const OverviewSchema = z.looseObject({
  leadsByForm: z.array(z.object({ form: z.string(), leads: z.number() })),
  leadsByWeek: z.array(z.object({ week: z.string(), leads: z.number() })),
  stockTurn: z.number().nullable(),
  liveCars: z.number(),
  soldLast90Days: z.number(),
  averageDaysToSell: z.number().nullable(),
  leadResponseMinutes: z.number().nullable(),
  respondedLeads: z.number(),
  top: z.array(PerformerSchema),
  bottom: z.array(PerformerSchema),
});
export type Overview = z.infer<typeof OverviewSchema>;

/** The stock list with the page's filters and sort passed through as the api's query. */
export function getStockInsights(site: string, query: URLSearchParams) {
  const text = query.toString();
  return consoleGet(site, `/api/dealer/insights/stock${text ? `?${text}` : ''}`, StockInsightsSchema);
}

/** One car's insights; 'not-found' for an unknown car or another dealership's (the api answers both 404). */
export async function getCarInsights(site: string, id: string): Promise<CarInsights | null | 'not-found'> {
  if (!/^\d{1,10}$/.test(id)) return 'not-found';
  try {
    return await consoleGet(site, `/api/dealer/insights/cars/${id}`, CarInsightsSchema);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'not-found';
    throw error;
  }
}

export function getInsightsOverview(site: string) {
  return consoleGet(site, '/api/dealer/insights/overview', OverviewSchema);
}
