/**
 * The success-category marker a submitted form leaves for /success (spec 001 §3). Kept apart from
 * submit-lead.ts so the success page does not load the lead schemas to read it.
 */

/** sessionStorage key of the marker. */
export const SUCCESS_MARKER_KEY = 'lead-success';

/** A trade-in's answer: the estimate range and until when it holds, or why there is none. */
export interface MarkedValuation {
  status: 'estimate' | 'no_estimate';
  low: number | null;
  high: number | null;
  valid_until: string;
  reason: string | null;
}

export interface SuccessMarker {
  category: string;
  subcategory: string | null;
  vehicle: { car_id: number; title: string } | null;
  submitted_at: string;
  /** The lead, so a trade-in's estimate can be accepted (an offer_accepted lead names it). */
  lead_id?: string;
  valuation?: MarkedValuation | null;
}
