import { MAX_RESERVE_DEPOSIT } from '../cars/reservation';
import { isReservedKey, storableText } from '../entities/safe-keys';

/**
 * What one feed row may hold. Every limit is inside what its column can store (PostgreSQL
 * `integer` is at most 2,147,483,647; `text` and `jsonb` cannot hold NUL) and inside what a real car
 * can be, so a value the database could not store, or a typo a thousand times too big, is a row
 * error naming the field, never a failed batch. docs/feeds.md 'Limits' lists them.
 */
export const FEED_LIMITS = {
  /** Whole dollars: price, before_price, offer_price, subscription_price. */
  dollars: { min: 0, max: 100_000_000 },
  /** Whole dollars of the car's own reservation deposit: checkout charges it in integer cents. */
  reserveDeposit: { min: 0, max: MAX_RESERVE_DEPOSIT },
  km: { min: 0, max: 9_999_999 },
  seats: { min: 0, max: 99 },
  doors: { min: 0, max: 9 },
  gearnum: { min: 0, max: 20 },
  cylinders: { min: 0, max: 24 },
  /** Engine size in cc (or litres; both are far below the cap). */
  engineSize: { min: 0, max: 20_000 },
  /** Masses in kg: gross vehicle mass, tare, aggregate trailer mass, towing capacity. */
  massKg: { min: 0, max: 100_000 },
  /** Lengths in mm. */
  lengthMm: { min: 0, max: 30_000 },
  fuelCapacityLitres: { min: 0, max: 2_000 },
  fuelConsumption: { min: 0, max: 100 },
  torqueNm: { min: 0, max: 10_000 },
  ancapRating: { min: 0, max: 5 },
  sleeps: { min: 0, max: 30 },
  customRank: { min: -1_000_000_000, max: 1_000_000_000 },
  photosCount: { min: 0, max: 1_000 },
  /** Unix seconds up to 2100-01-01. */
  soldDateTimestamp: { min: 0, max: 4_102_444_800 },
  /** Characters in a name-like field: make, model, badge, series, colour, codes. */
  shortText: 255,
  /** Characters in dealer comments and descriptions. */
  longText: 20_000,
  /** Characters in any other text value, known field or not. */
  anyText: 5_000,
  /** Entries in images, thumbnails, spin_images. */
  mediaItems: 200,
  /** Entries in any other list (features, standard equipment, categories...). */
  listItems: 1_000,
  /** How deeply objects and lists may nest in a row. */
  depth: 8,
  /** A row's size as JSON, in characters. */
  rowChars: 262_144,
  /** Characters in a field's name; a longer name is ignored with a warning, as no field has one. */
  fieldNameChars: 255,
} as const;

/** Fields held to FEED_LIMITS.shortText. */
export const FEED_SHORT_TEXT_FIELDS = [
  'stocknum',
  'make',
  'model',
  'badge',
  'series',
  'vin',
  'nvic',
  'regplate',
  'colour',
  'interior_colour',
  'body',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'simple_drive',
  'trans',
  'fuel',
  'drive',
  'tag',
  'price_type',
  'bodyconfiguration',
  'location_slug',
] as const;

/** Fields held to FEED_LIMITS.longText. */
export const FEED_LONG_TEXT_FIELDS = ['dealercomments', 'description'] as const;

export interface FeedRowProblem {
  path: string;
  message: string;
}

/** A field of a row that was left out, and why (a warning on the run, not a row error). */
export interface IgnoredFeedField {
  path: string;
  reason: 'reserved' | 'long';
}

/**
 * Cleans one raw feed row before validation, into new plain objects: every string and key made
 * storable (control characters, NUL first of all, removed; lone surrogates replaced), fields with a
 * reserved name (`__proto__`, `constructor`, `prototype`) or a name longer than any field's left
 * out and reported in `ignored`, and the row's shape checked against the depth, list and size
 * limits. The cleaned row is what gets validated, reported and stored.
 */
export function sanitiseFeedRow(value: unknown): {
  value: unknown;
  problems: FeedRowProblem[];
  ignored: IgnoredFeedField[];
} {
  const problems: FeedRowProblem[] = [];
  const ignored: IgnoredFeedField[] = [];
  const walk = (node: unknown, path: string[], depth: number): unknown => {
    if (typeof node === 'string') return storableText(node);
    if (typeof node !== 'object' || node === null) return node;
    if (depth > FEED_LIMITS.depth) {
      problems.push({ path: path.join('.') || '(row)', message: `nests deeper than ${FEED_LIMITS.depth} levels` });
      return null;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, String(index)], depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) {
      const clean = storableText(key);
      const reason = isReservedKey(clean) ? 'reserved' : clean.length > FEED_LIMITS.fieldNameChars ? 'long' : null;
      if (reason) {
        ignored.push({ path: [...path, clean].join('.'), reason });
        continue;
      }
      out[clean] = walk(item, [...path, clean], depth + 1);
    }
    return out;
  };
  const cleaned = walk(value, [], 0);
  if (problems.length === 0) {
    const size = JSON.stringify(cleaned)?.length ?? 0;
    if (size > FEED_LIMITS.rowChars)
      problems.push({
        path: '(row)',
        message: `is ${size} characters as JSON, more than the ${FEED_LIMITS.rowChars} a row may hold`,
      });
  }
  return { value: cleaned, problems, ignored };
}

/** Every string in a parsed row longer than the generic cap, as row problems (the named fields have their own caps). */
export function overlongText(value: unknown, path: string[] = []): FeedRowProblem[] {
  if (typeof value === 'string') {
    return value.length > FEED_LIMITS.anyText
      ? [{ path: path.join('.') || '(row)', message: `must be at most ${FEED_LIMITS.anyText} characters` }]
      : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  const long = new Set<string>(FEED_LONG_TEXT_FIELDS);
  return Object.entries(value).flatMap(([key, item]) =>
    path.length === 0 && long.has(key) ? [] : overlongText(item, [...path, key]),
  );
}
