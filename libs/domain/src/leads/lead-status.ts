/**
 * Where a lead stands in the dealership's work on it. A new lead is contacted, may have a test
 * drive booked (appointment), then is won or lost; a lost lead carries the reason (the dealer's
 * own record of why, and what the inbox shows).
 */
export const LEAD_STATUSES = ['new', 'contacted', 'appointment', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  appointment: 'Test drive booked',
  won: 'Won',
  lost: 'Lost',
};

/** The longest lost reason kept: a sentence or two, bounded to storage. */
export const LEAD_LOST_REASON_MAX = 300;

/**
 * The moves a salesperson may make. `new` -> `contacted` -> `appointment` -> `won`/`lost`; a test
 * drive may be booked straight from `new` (booking it is the answer), a lead may be won or lost
 * from any open status (the shopper walked in and bought), a booked drive that falls through goes
 * back to `contacted`, and a closed lead may be reopened to `contacted` (they came back). Nothing
 * returns to `new`: that status means nobody has acted.
 */
const NEXT: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'appointment', 'won', 'lost'],
  contacted: ['appointment', 'won', 'lost'],
  appointment: ['contacted', 'won', 'lost'],
  won: ['contacted'],
  lost: ['contacted'],
};

export function leadStatusesAfter(status: LeadStatus): readonly LeadStatus[] {
  return NEXT[status];
}

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

export type LeadTransition =
  { ok: true; status: LeadStatus; reason: string | null } | { ok: false; field: 'status' | 'reason'; message: string };

/**
 * Whether a lead in `from` may move to `to`, with the reason it keeps: a lost lead needs one (and
 * only a lost lead keeps one). A refusal names the field to fix.
 */
export function leadTransition(from: LeadStatus, to: LeadStatus, reason?: string | null): LeadTransition {
  if (!NEXT[from].includes(to)) {
    const allowed = NEXT[from].map((status) => `'${status}'`).join(', ');
    return {
      ok: false,
      field: 'status',
      message: `A ${from} lead can move to ${allowed}, not '${to}'.`,
    };
  }
  const trimmed = reason?.trim() ?? '';
  if (to === 'lost') {
    if (trimmed === '') return { ok: false, field: 'reason', message: 'Say why the lead was lost.' };
    if (trimmed.length > LEAD_LOST_REASON_MAX)
      return { ok: false, field: 'reason', message: `Keep the reason under ${LEAD_LOST_REASON_MAX} characters.` };
    return { ok: true, status: to, reason: trimmed };
  }
  return { ok: true, status: to, reason: null };
}
