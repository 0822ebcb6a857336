import { leadRouting, VISITED_PAGE_MAX_LENGTH, type LeadSubmission } from '@platform/domain';
import { postJson } from '@/lib/api/browser';
import { SUBMISSION_FAILED, UNEXPECTED_ERROR } from './messages';
import { SUCCESS_MARKER_KEY, type MarkedValuation, type SuccessMarker } from './success-marker';
import { saveValuation } from './save-valuation';
import { leadUserData } from './visit-trail';

/**
 * Every shopper form submits through here (spec 001 §3 'Form submission'): POST the lead, with the
 * shopper's visit as userData (§7), and one Idempotency-Key per submission, so a double click or a
 * retried request makes one lead; when a lead_id comes back, save a trade-in's valuation where the
 * dealership asks for it, remember what was sent for the success page, and go to /success. The
 * lead's tracking event is the api's, recorded as it stores the lead, so a lead counts once
 * however the page ends. A failure on the way (network, server) is 'An error occurred when
 * submitting this form'; an answer without a lead_id shows the server's text, else 'An unexpected
 * error occured'.
 */

export const SUCCESS_PATH = '/success';
export interface LeadContext {
  siteSlug: string;
  vehicle?: { car_id: number; title: string } | null;
  /** A fresh one per submission; kept across retries of the same submission. */
  idempotencyKey: string;
}

export type LeadSubmitResult =
  { ok: true; leadId: string } | { ok: false; message: string; fields: Record<string, string>; list: string[] };

/** Submits a lead; on success navigates to /success (through `navigate`, replaceable in tests). */
export async function submitLead(
  submission: LeadSubmission,
  context: LeadContext,
  navigate: (path: string) => void = (path) => window.location.assign(path),
): Promise<LeadSubmitResult> {
  const outcome = await postJson<{
    lead_id?: string;
    message?: unknown;
    valuation?: MarkedValuation;
    save_valuation?: boolean;
  }>(
    `/api/sites/${encodeURIComponent(context.siteSlug)}/leads`,
    // page_id (spec 001 §3): the path of the page the form is on, unless the form names its page.
    {
      ...submission,
      page_id: submission.page_id ?? window.location.pathname.slice(0, VISITED_PAGE_MAX_LENGTH),
      userData: leadUserData(),
    },
    { 'idempotency-key': context.idempotencyKey },
  );
  if (!outcome.ok) {
    // A failure of the network or the server is not the shopper's to fix (spec 001 §8).
    const message = outcome.status === 0 || outcome.status >= 500 ? SUBMISSION_FAILED : outcome.message;
    return { ok: false, message, fields: outcome.fields, list: outcome.list };
  }
  const leadId = outcome.data?.lead_id;
  if (!leadId) {
    const text = typeof outcome.data?.message === 'string' && outcome.data.message.trim() ? outcome.data.message : null;
    return { ok: false, message: text ?? UNEXPECTED_ERROR, fields: {}, list: [] };
  }

  const routing = leadRouting(submission);
  const valuation = outcome.data?.valuation;
  if (valuation && outcome.data?.save_valuation === true) await saveValuation(leadId, valuation);
  const marker: SuccessMarker = {
    ...routing,
    vehicle: context.vehicle ?? null,
    submitted_at: new Date().toISOString(),
    lead_id: leadId,
    valuation: valuation
      ? {
          status: valuation.status,
          low: valuation.low,
          high: valuation.high,
          valid_until: valuation.valid_until,
          reason: valuation.reason,
        }
      : null,
  };
  try {
    sessionStorage.setItem(SUCCESS_MARKER_KEY, JSON.stringify(marker));
  } catch {
    // Private mode or a full store: the success page falls back to its general thanks.
  }
  navigate(SUCCESS_PATH);
  return { ok: true, leadId };
}

/** A new idempotency key for one submission. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
