import { businessTimeAfter } from '../hours/business-clock';
import type { SlotOpeningHours, SlotSpecialHours } from '../hours/test-drive-slots';

export interface DealerResponseDueOptions {
  /** When the hold began (the deposit was paid). */
  from: Date;
  /** reservations.dealer_response_hours: hours the dealership is open. */
  businessHours: number;
  /** The dealership's primary location's sales hours, and its special hours. */
  hours: readonly SlotOpeningHours[];
  specialHours?: readonly SlotSpecialHours[] | null;
  /** The location's IANA zone: hours are the dealer's wall clock. */
  timeZone: string;
}

/**
 * When a dealership should have answered a new hold: `businessHours` of its sales opening hours
 * after `from`, on the business clock (businessTimeAfter: nights, weekends, closed and special
 * days do not count; a hold paid while closed starts counting at the next opening; a dealership
 * with less open time than that in the clock's lookahead is given plain elapsed hours).
 */
export function dealerResponseDueAt(options: DealerResponseDueOptions): Date {
  const { from, businessHours, hours, specialHours, timeZone } = options;
  if (!(businessHours > 0)) throw new RangeError(`businessHours must be positive, got ${businessHours}`);
  return businessTimeAfter(from, Math.round(businessHours * 3_600_000), { timeZone, hours, specialHours });
}

/** Why an extension of a hold is refused, or null when it is within the configured bounds. */
export function holdExtensionRefusal(request: {
  hours: number;
  extensionsSoFar: number;
  maxExtensionHours: number;
  maxExtensions: number;
}): string | null {
  if (request.maxExtensions === 0) return 'This dealership does not extend holds (reservations.max_extensions is 0).';
  if (request.extensionsSoFar >= request.maxExtensions)
    return `This hold has been extended ${request.extensionsSoFar} times, the most allowed (${request.maxExtensions}).`;
  if (request.hours > request.maxExtensionHours)
    return `A hold can be extended by at most ${request.maxExtensionHours} hours at a time.`;
  return null;
}
