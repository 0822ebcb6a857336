import { z } from 'zod';

export const MOBILE_NUMBER_MESSAGE = 'Please enter a valid Australian mobile number.';

// After spaces and hyphens are removed: 04xxxxxxxx, or +61 4xxxxxxxx without the trunk 0.
const MOBILE = /^(?:0|\+61)(4\d{8})$/;

/** '0412 345 678', '0412-345-678' or '+61 412 345 678' -> '+61412345678'; null when not an Australian mobile. */
export function toE164Mobile(raw: string): string | null {
  const match = MOBILE.exec(raw.trim().replace(/[\s-]/g, ''));
  return match ? `+61${match[1]}` : null;
}

/** An Australian mobile as typed, stored and compared as E.164 ('+61412345678'). */
export const MobileNumberSchema = z
  .string({ error: MOBILE_NUMBER_MESSAGE })
  .max(32, MOBILE_NUMBER_MESSAGE)
  .transform((raw, context) => {
    const e164 = toE164Mobile(raw);
    if (e164 === null) {
      context.addIssue({ code: 'custom', message: MOBILE_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

/** '+61412345678' -> '0412 345 678', the way mobiles are written in Australia; other text is returned as given. */
export function displayMobile(phone: string): string {
  const e164 = toE164Mobile(phone);
  if (e164 === null) return phone;
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
}

/** Whether two numbers are the same mobile however they are written; never true for a non-mobile. */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = toE164Mobile(a);
  return left !== null && left === toE164Mobile(b);
}
