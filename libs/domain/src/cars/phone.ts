import type { SiteConfig } from '../site-config/site-config.schema';
import type { CarRuleInput } from './car-rule-input';

/** The phone reveal shows this many digits before the click (spec 000 §4). */
export const PHONE_VISIBLE_DIGITS = 5;

const NATIONAL = /^0\d{9}$/;

/** '+61 3 9000 0000', '(03) 9000-0000' and '61390000000' all read '03 9000 0000' (spec 001 §9). */
export function displayPhone(raw: string): string {
  const trimmed = raw.trim();
  const national = toNational(trimmed.replace(/[\s\-()]/g, ''));
  if (!NATIONAL.test(national)) return trimmed;
  return `${national.slice(0, 2)} ${national.slice(2, 6)} ${national.slice(6)}`;
}

// International dialling sometimes keeps the trunk 0 in brackets: '+61 (0)3 ...'. Numbers without a
// trunk 0, such as 1300 and 1800 numbers, are not 2-4-4 numbers and keep the dealer's own spacing.
function toNational(digits: string): string {
  const international = /^(?:\+61|61)0?(\d{9})$/.exec(digits);
  return international ? `0${international[1]}` : digits;
}

/** '03 900X XXXX': digits after the first five become X; spacing stays so the masked number keeps its shape. */
export function maskPhone(display: string): string {
  let digits = 0;
  return display.replace(/\d/g, (digit) => (++digits > PHONE_VISIBLE_DIGITS ? 'X' : digit));
}

/** Fewer digits than this cannot be dialled ('TBA', '13'). */
const MIN_DIAL_DIGITS = 6;

/**
 * A tel: link for a number as dealers write it ('(03) 9000 1234', '+61 3 9000 1234', '1300 000
 * 000'): its digits, a leading + kept so international numbers still dial; null when there is
 * nothing to dial. The one rule for car pages, location cards and contact pages.
 */
export function telHref(phone: string | null | undefined): string | null {
  const trimmed = phone?.trim() ?? '';
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < MIN_DIAL_DIGITS) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export type PhoneForCarInput = CarRuleInput<'car_type'>;

/** The number shown on a car's page, already in display form; null when the dealer has none. */
export function phoneForCar(
  car: PhoneForCarInput,
  phoneConfig: SiteConfig['phone'],
  locationPhone: string | null | undefined,
): string | null {
  const byType = phoneConfig.filter_by_car_type && car.car_type ? phoneConfig.numbers[car.car_type]?.trim() : '';
  const chosen = byType || locationPhone?.trim();
  return chosen ? displayPhone(chosen) : null;
}
