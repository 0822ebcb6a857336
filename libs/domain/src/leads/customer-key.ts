import { toE164Mobile } from '../accounts/mobile-number';

/**
 * The customer (issue 53 item 5): leads of one shopper are grouped by a normalised email or phone,
 * stored on the lead as `customer_email` / `customer_phone`. The migration backfills the same keys
 * in SQL (libs/db 1767800000000-lead-customers), so both are written to give the same answer for
 * every input: only ASCII whitespace is trimmed and only A-Z lower-cased (PostgreSQL's `\s` and
 * `translate`, not a locale's rules), and a phone keeps only Australian numbers.
 */

/** A repeat of the same enquiry this soon after the first is a duplicate (a double submit, a retry). */
export const DUPLICATE_WINDOW_MINUTES = 10;

export interface CustomerKeys {
  /** Trimmed, lower-case email; null when none. */
  email: string | null;
  /** An Australian mobile or landline as E.164 ('+61412345678', '+61298765432'); null otherwise. */
  phone: string | null;
}

// ASCII whitespace only: PostgreSQL's \s is this class, so the backfill trims exactly the same.
const EDGE_SPACE = /^[ \t\n\r\v\f]+|[ \t\n\r\v\f]+$/g;
// What people type inside a number: spaces, hyphens, brackets around the area code, dots.
const PHONE_PUNCTUATION = /[ \t\n\r\v\f().-]/g;
// A landline after punctuation is removed: 0X XXXX XXXX, or +61 X XXXX XXXX (also '+61 (0)X ...').
const LANDLINE = /^(?:0|\+610?)([2378]\d{8})$/;

/** 'Maria@Example.COM ' -> 'maria@example.com'; null for nothing but spaces. */
export function customerEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.replace(EDGE_SPACE, '').replace(/[A-Z]/g, (c) => c.toLowerCase());
  return email === '' ? null : email;
}

/** '0412 345 678', '+61 412-345-678' -> '+61412345678'; '(02) 9876 5432' -> '+61298765432'; else null. */
export function customerPhone(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const compact = raw.replace(PHONE_PUNCTUATION, '');
  // Digits and a leading + only, before toE164Mobile (which trims Unicode spaces the SQL would keep).
  if (!/^\+?\d+$/.test(compact)) return null;
  // '+61 (0)4..' is written by some: the trunk 0 after the country code is dropped before the mobile rule.
  const mobile = toE164Mobile(compact.replace(/^\+610/, '0'));
  if (mobile !== null) return mobile;
  const landline = LANDLINE.exec(compact);
  return landline ? `+61${landline[1]}` : null;
}

/** The keys a lead's fields (as submitted: `email`, `phone`) group it by. */
export function customerKeys(fields: Record<string, unknown> | null | undefined): CustomerKeys {
  return { email: customerEmail(fields?.['email']), phone: customerPhone(fields?.['phone']) };
}

/** What the duplicate rule reads of a lead. */
export interface DuplicateCandidate {
  dealershipId: number | null;
  form: string;
  carId: number | null;
  createdAt: Date;
  keys: CustomerKeys;
}

/**
 * Whether `lead` repeats `earlier`: the same dealership, the same shopper (email or phone key), the
 * same form about the same car (or both about none), within DUPLICATE_WINDOW_MINUTES of it, either
 * way: two forms sent at the same moment commit in either order, and the second to commit must see
 * the first. A different form or car is a new question from the same customer, never a duplicate.
 */
export function isDuplicateOf(lead: DuplicateCandidate, earlier: DuplicateCandidate): boolean {
  if (lead.dealershipId === null || lead.dealershipId !== earlier.dealershipId) return false;
  if (lead.form !== earlier.form || lead.carId !== earlier.carId) return false;
  const sameEmail = lead.keys.email !== null && lead.keys.email === earlier.keys.email;
  const samePhone = lead.keys.phone !== null && lead.keys.phone === earlier.keys.phone;
  if (!sameEmail && !samePhone) return false;
  const gap = lead.createdAt.getTime() - earlier.createdAt.getTime();
  return Math.abs(gap) <= DUPLICATE_WINDOW_MINUTES * 60_000;
}
