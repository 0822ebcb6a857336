/** A numeric range filter; an open side is null ('5000:' means 5000 and up). */
export interface NumericRange {
  min: number | null;
  max: number | null;
}

// At most 15 digits a side: every such number is exact in a double, and far past any price or km.
const RANGE_PATTERN = /^\s*(-?\d{1,15}(?:\.\d{1,6})?)?\s*:\s*(-?\d{1,15}(?:\.\d{1,6})?)?\s*$/;

/** Parses 'min:max' (either side may be empty); null when the text is not a range or min > max. */
export function parseRange(text: string): NumericRange | null {
  const match = RANGE_PATTERN.exec(text);
  if (!match) return null;
  const min = match[1] === undefined ? null : Number(match[1]);
  const max = match[2] === undefined ? null : Number(match[2]);
  if (min !== null && max !== null && min > max) return null;
  return { min, max };
}

export const formatRange = (range: NumericRange): string => `${range.min ?? ''}:${range.max ?? ''}`;
