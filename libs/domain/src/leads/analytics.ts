import type { LeadFormKind } from './lead-forms';

/** The analytics event ids the specifications name (spec 001 §9, spec 000 §7). */
export const ANALYTICS_EVENT_IDS = [22, 51, 14, 15, 17, 48, 26, 25, 39, 4, 18, 49, 60, 61] as const;
export type AnalyticsEventId = (typeof ANALYTICS_EVENT_IDS)[number];

export const ANALYTICS_EVENTS = {
  defaultEnquiry: 22,
  careersEnquiry: 51,
  newEnquiry: 14,
  usedEnquiry: 15,
  newTestDrive: 17,
  usedTestDrive: 48,
  calculatorFirstUse: 26,
  callClick: 25,
  watchlistSave: 39,
  // Spec 000 §7 says only that 4, 18, 49, 60 and 61 'also occur', not where: each is given one of
  // the vehicle page's actions that had no event (docs/architecture.md, 'Analytics events').
  phoneReveal: 4,
  share: 18,
  reserve: 49,
  printPdf: 60,
  tradeIn: 61,
} as const satisfies Record<string, AnalyticsEventId>;

/**
 * The attribute that makes a click on an element report an event (its id), with the car named by
 * data-car-id; one listener of the page reads it (ClickTracker), so links drawn on the server report too.
 */
export const ANALYTICS_EVENT_ATTRIBUTE = 'data-analytics-event';

/** The car tag that makes any test drive count as a new-car one (spec 001 §9). */
export const TEST_DRIVE_ONLY_TAG = 'Test Drive Only';

export interface LeadEventInput {
  form: LeadFormKind;
  /** The category after the careers mapping, and the subcategory. */
  subcategory?: string | null;
  carType?: string | null;
  carTag?: string | null;
}

/**
 * The event a submitted lead is tracked with: careers 51; test drives 17 for new cars (or a car
 * tagged Test Drive Only) and 48 otherwise; vehicle enquiries 14 new and 15 used or demo; else 22.
 */
export function leadEventId({ form, subcategory, carType, carTag }: LeadEventInput): AnalyticsEventId {
  if (form === 'careers' || subcategory === 'Career Enquiry') return ANALYTICS_EVENTS.careersEnquiry;
  if (form === 'test_drive')
    return carType === 'new' || carTag === TEST_DRIVE_ONLY_TAG
      ? ANALYTICS_EVENTS.newTestDrive
      : ANALYTICS_EVENTS.usedTestDrive;
  if (form === 'vehicle' && carType)
    return carType === 'new' ? ANALYTICS_EVENTS.newEnquiry : ANALYTICS_EVENTS.usedEnquiry;
  return ANALYTICS_EVENTS.defaultEnquiry;
}
