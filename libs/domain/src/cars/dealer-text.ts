/**
 * Dealer-supplied text (dealer comments, descriptions) arrives from stock feeds and may carry HTML.
 * The vehicle page never injects it as markup: it is reduced to plain paragraphs here and rendered
 * as text, so nothing a feed sends can run in a shopper's browser.
 */

/** Shown when a car has no dealer comments (spec 000 §8). */
export const DEALER_COMMENTS_PENDING = 'Dealer comments are pending. Please check back here later.';

/** The description shows this many characters before 'Show More' (spec 000 §4, §9). */
export const DESCRIPTION_PREVIEW_LENGTH = 400;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
  deg: '°',
  reg: '®',
  trade: '™',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/**
 * Plain paragraphs from dealer HTML or text: script and style contents are dropped, block ends and
 * <br> become paragraph or line breaks, every other tag is removed, entities are decoded and runs of
 * spaces collapse. An empty or missing input gives no paragraphs.
 */
export function dealerTextParagraphs(input: string | null | undefined): string[] {
  if (!input) return [];
  const text = input
    .replace(/<(script|style|iframe|object|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|ul|ol|section|article)\s*>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/</g, '');
  return decodeEntities(text)
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n+/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter((paragraph) => paragraph !== '');
}

/**
 * The collapsed description: the first `length` characters (code points, so no emoji is split) of
 * the joined paragraphs, and whether anything was cut (which is when 'Show More' is offered).
 */
export function previewText(
  paragraphs: readonly string[],
  length = DESCRIPTION_PREVIEW_LENGTH,
): { text: string; truncated: boolean } {
  const full = paragraphs.join('\n\n');
  const characters = Array.from(full);
  if (characters.length <= length) return { text: full, truncated: false };
  return { text: `${characters.slice(0, length).join('').trimEnd()}…`, truncated: true };
}
