/**
 * Lists kept in the shopper's browser (local storage): favourites and compare (the favourite entry
 * of spec 000 'Other'), recently viewed cars (the viewed-car record) and the last 5 searches.
 * Reading never throws: a missing, foreign or corrupt value reads as an empty list. Checked by hand
 * rather than with zod, which would be most of the search page's JavaScript.
 */

export interface FavouriteEntry {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

export interface ViewedCar {
  id: number;
  stocknum: string;
  make: string;
  model: string;
  body: string | null;
  simple_body: string | null;
}

export interface SearchHistoryEntry {
  /** The search's address (path and query string). */
  href: string;
  /** Words a shopper recognises the search by. */
  label: string;
}

type Shape = Record<string, 'int' | 'string' | 'nullable-string'>;

function matches(value: unknown, shape: Shape): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(shape).every(([key, kind]) => {
    const field = record[key];
    if (kind === 'int') return Number.isInteger(field);
    if (kind === 'string') return typeof field === 'string';
    return field === null || typeof field === 'string';
  });
}

/** Only the shape's fields, so stray keys never travel on. */
function pick<T>(value: unknown, shape: Shape): T | null {
  if (!matches(value, shape)) return null;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(Object.keys(shape).map((key) => [key, record[key]])) as T;
}

const FAVOURITE_SHAPE: Shape = {
  id: 'int',
  name: 'string',
  slug: 'string',
  make: 'string',
  model: 'string',
  primary_image_url: 'nullable-string',
};
const VIEWED_SHAPE: Shape = {
  id: 'int',
  stocknum: 'string',
  make: 'string',
  model: 'string',
  body: 'nullable-string',
  simple_body: 'nullable-string',
};
const HISTORY_SHAPE: Shape = { href: 'string', label: 'string' };

/** Search history keeps the last 5 searches (spec 001 §9). */
export const SEARCH_HISTORY_LIMIT = 5;
/** Our bounds, so local storage never grows without end; the specification gives none. */
export const FAVOURITES_LIMIT = 100;
export const COMPARE_LIMIT = 4;
export const RECENTLY_VIEWED_LIMIT = 20;

export interface SavedList<T> {
  key: string;
  /** The entry, or null when the value is not one. */
  parse: (value: unknown) => T | null;
  limit: number;
  /** Entries with the same identity replace each other. */
  identity: (entry: T) => string;
}

const favourite = (value: unknown): FavouriteEntry | null => {
  const entry = pick<FavouriteEntry>(value, FAVOURITE_SHAPE);
  return entry && entry.slug !== '' ? entry : null;
};

const byId = (entry: { id: number }): string => String(entry.id);

export const FAVOURITES: SavedList<FavouriteEntry> = {
  key: 'favourites',
  parse: favourite,
  limit: FAVOURITES_LIMIT,
  identity: byId,
};
export const COMPARE: SavedList<FavouriteEntry> = {
  key: 'compare',
  parse: favourite,
  limit: COMPARE_LIMIT,
  identity: byId,
};
export const RECENTLY_VIEWED: SavedList<ViewedCar> = {
  key: 'recently-viewed',
  parse: (value) => pick<ViewedCar>(value, VIEWED_SHAPE),
  limit: RECENTLY_VIEWED_LIMIT,
  identity: byId,
};
export const SEARCH_HISTORY: SavedList<SearchHistoryEntry> = {
  key: 'search-history',
  parse: (value) => {
    const entry = pick<SearchHistoryEntry>(value, HISTORY_SHAPE);
    return entry && entry.href.startsWith('/') ? entry : null;
  },
  limit: SEARCH_HISTORY_LIMIT,
  identity: (entry) => entry.href,
};

/** Parses a stored value: valid entries only, at most the list's limit. */
export function parseSavedList<T>(list: SavedList<T>, raw: string | null): T[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((item) => {
      const entry = list.parse(item);
      return entry === null ? [] : [entry];
    })
    .slice(0, list.limit);
}

/** Puts an entry first (replacing one with the same identity) and drops the oldest beyond the limit. */
export function addToList<T>(list: SavedList<T>, entries: readonly T[], entry: T): T[] {
  const id = list.identity(entry);
  return [entry, ...entries.filter((e) => list.identity(e) !== id)].slice(0, list.limit);
}

export function removeFromList<T>(list: SavedList<T>, entries: readonly T[], id: string): T[] {
  return entries.filter((e) => list.identity(e) !== id);
}

export const isInList = <T>(list: SavedList<T>, entries: readonly T[], id: string): boolean =>
  entries.some((e) => list.identity(e) === id);
