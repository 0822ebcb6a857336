/**
 * Why a car is left out of a channel's file, each with the phrase the console report groups it
 * under ("14 cars have no VIN"). Codes are stable: they are stored with each generated feed.
 */
export const LEFT_OUT_REASONS = {
  'vin-missing': 'have no VIN',
  'vin-invalid': 'have a VIN that is not 17 letters and digits (without I, O or Q)',
  'vin-duplicate': 'share their VIN with another car of the dealership',
  'price-missing': 'have no price above $0',
  'make-model-missing': 'have no make or model',
  'year-invalid': 'have no model year',
  'mileage-missing': 'are used and have no odometer reading',
  'colour-missing': 'have no exterior colour',
  'photo-missing': 'have no photo',
  'photo-placeholder': 'have only placeholder pictures, no photo of the car',
  'photo-not-stored': 'have photos the platform has not stored yet',
  'photo-too-small': "have no photo as large as the channel's minimum",
  'address-incomplete': 'are at a location without a full street address, city, state and postcode',
  'field-invalid': 'have a field the channel would refuse',
} as const;
export type LeftOutReason = keyof typeof LEFT_OUT_REASONS;

export const isLeftOutReason = (value: unknown): value is LeftOutReason =>
  typeof value === 'string' && Object.hasOwn(LEFT_OUT_REASONS, value);

/** What one car lacks, for its row in the report: "has no VIN", "is at a location without ...". */
export function leftOutPhrase(reason: LeftOutReason): string {
  return LEFT_OUT_REASONS[reason]
    .replace(/^have /, 'has ')
    .replace(/^are /, 'is ')
    .replace(/^share their /, 'shares its ');
}

/** "1 car has no VIN" / "14 cars have no VIN": the report's line for a reason and its count. */
export function reasonSummary(reason: LeftOutReason, count: number): string {
  return count === 1 ? `1 car ${leftOutPhrase(reason)}` : `${count} cars ${LEFT_OUT_REASONS[reason]}`;
}
