/**
 * The success-category marker a submitted form leaves for /success (spec 001 §3). Kept apart from
 * submit-lead.ts so the success page does not load the lead schemas to read it.
 */

/** sessionStorage key of the marker. */
export const SUCCESS_MARKER_KEY = 'lead-success';

export interface SuccessMarker {
  category: string;
  subcategory: string | null;
  vehicle: { car_id: number; title: string } | null;
  submitted_at: string;
}
