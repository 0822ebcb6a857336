/**
 * The price and kilometre inputs of spec 001 §5: typed with thousand separators, a '$' prefix or a
 * 'kms' suffix, and read back as whole numbers. One rule for the web's inputs and the lead schemas,
 * so what the shopper sees formatted is what the api accepts.
 */

/** Price quick-picks: $5,000 to $70,000 (spec 001 §5). */
export const PRICE_QUICK_PICKS = [5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 60_000, 70_000];
/** The alternative set for dearer stock: $300,000 to $800,000. */
export const PRICE_QUICK_PICKS_HIGH = [300_000, 400_000, 500_000, 600_000, 700_000, 800_000];

const thousands = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

// '$45,990', '45 990', '45,000 kms', '45000km': separators, a currency sign and a unit are formatting.
const FORMATTED_WHOLE_NUMBER = /^\s*\$?\s*(\d{1,3}(?:[,\s]\d{3})+|\d+)\s*(?:kms?|km\.?)?\s*$/i;

/**
 * A typed price or distance as a whole number: digits with optional thousand separators, '$' in
 * front or 'km'/'kms' behind. Null for anything else (decimals, words, negatives), so a schema can
 * report it rather than guess.
 */
export function parseWholeNumberInput(text: string): number | null {
  const match = FORMATTED_WHOLE_NUMBER.exec(text);
  if (!match) return null;
  const value = Number(match[1]!.replace(/[,\s]/g, ''));
  return Number.isSafeInteger(value) ? value : null;
}

// The same, with up to two decimals: '$1,000.50', '1000.5'.
const FORMATTED_DOLLARS = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/;

/**
 * A typed dollar amount that may carry cents, for the calculator's deposit or trade-in and residual
 * (spec 001 §5: step 0.5), so '1000.50' reads as 1000.5 rather than as nothing. Null for anything
 * else (words, negatives, a third decimal).
 */
export function parseDollarInput(text: string): number | null {
  const match = FORMATTED_DOLLARS.exec(text);
  if (!match) return null;
  const value = Number(`${match[1]!.replace(/,/g, '')}.${match[2] ?? '0'}`);
  return Number.isFinite(value) && value <= Number.MAX_SAFE_INTEGER ? value : null;
}

const dollarsAndCents = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1000.5' -> '$1,000.50', '1000' -> '$1,000': cents only when there are some; other text is left as typed. */
export function formatDollarInput(text: string): string {
  const value = parseDollarInput(text);
  if (value === null) return text;
  return Number.isInteger(value) ? `$${thousands.format(value)}` : `$${dollarsAndCents.format(value)}`;
}

/** '45990' or '$45,990' -> '$45,990'; text that is not a whole number is left as typed. */
export function formatPriceInput(text: string): string {
  const value = parseWholeNumberInput(text);
  return value === null ? text : `$${thousands.format(value)}`;
}

/** '45000' or '45,000 kms' -> '45,000' (the input shows 'kms' beside it); other text is left as typed. */
export function formatKmInput(text: string): string {
  const value = parseWholeNumberInput(text);
  return value === null ? text : thousands.format(value);
}

/** The quick-picks offered for a price: the high set once the amount is in its range. */
export function priceQuickPicks(current: number | null): number[] {
  return current !== null && current >= PRICE_QUICK_PICKS_HIGH[0]! ? PRICE_QUICK_PICKS_HIGH : PRICE_QUICK_PICKS;
}
