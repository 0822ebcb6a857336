/**
 * A VIN as both channels take it: 17 characters of digits and capital letters without I, O and Q
 * (ISO 3779 leaves them out so they are never read as 1 and 0).
 */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** The VIN as written in a feed: trimmed, upper-case, inner spaces and dashes dropped; null when empty. */
export function normaliseVin(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const vin = value.replace(/[\s-]+/g, '').toUpperCase();
  return vin === '' ? null : vin;
}

export const isValidVin = (value: string): boolean => VIN_PATTERN.test(value);
