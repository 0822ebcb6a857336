/**
 * A page whose content changes with the clock alone (a promo campaign starting or ending) says when,
 * as `data-page-cache-until="{epoch ms}"` on an element (`<PageGoodUntil>`): no version moves at
 * that instant, so the page cache drops its copy then rather than up to its maximum age later.
 */
export const GOOD_UNTIL_ATTRIBUTE = 'data-page-cache-until';

const MARK = new RegExp(`${GOOD_UNTIL_ATTRIBUTE}="(\\d{1,16})"`, 'g');

/** The earliest instant any mark of the page names, or null when it has none. */
export function goodUntilOf(body: Buffer | string): number | null {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (!text.includes(GOOD_UNTIL_ATTRIBUTE)) return null;
  let earliest: number | null = null;
  for (const match of text.matchAll(MARK)) {
    const at = Number(match[1]);
    if (Number.isSafeInteger(at) && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}
