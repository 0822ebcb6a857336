import type { Address } from '../entities/address';

type DirectionsAddress = Pick<Address, 'place_url' | 'lat' | 'long' | 'street' | 'city' | 'state' | 'postcode'>;

const MAPS_DIRECTIONS = 'https://www.google.com/maps/dir/?api=1&destination=';

/**
 * The 'Get Directions' link of a location: its place_url when the dealer set one, else one built
 * from its coordinates, else from its street address; null when there is nothing to go on.
 */
export function directionsUrl(address: DirectionsAddress | null | undefined): string | null {
  if (!address) return null;
  const placeUrl = address.place_url?.trim();
  if (placeUrl && /^https?:\/\//i.test(placeUrl)) return placeUrl;
  if (isCoordinate(address.lat, 90) && isCoordinate(address.long, 180))
    return `${MAPS_DIRECTIONS}${address.lat},${address.long}`;
  const text = addressLine(address);
  return text ? `${MAPS_DIRECTIONS}${encodeURIComponent(text)}` : null;
}

/** One line: '176 Parramatta Road, Homebush NSW 2140'. */
export function addressLine(
  address: Pick<Address, 'street' | 'city' | 'state' | 'postcode'> | null | undefined,
): string {
  if (!address) return '';
  const place = [address.city, address.state, address.postcode]
    .map((part) => (part == null ? '' : String(part).trim()))
    .filter(Boolean)
    .join(' ');
  return [address.street?.trim(), place].filter(Boolean).join(', ');
}

/** Where embedded maps are served from (the pages' Content-Security-Policy frames it). */
export const MAP_EMBED_ORIGIN = 'https://www.google.com';

/** The embed address of a map, used only when the site configures a maps key. */
export function mapEmbedUrl(address: DirectionsAddress & { place_id?: string | null }, key: string): string | null {
  if (!key) return null;
  const query = address.place_id
    ? `place_id:${address.place_id}`
    : isCoordinate(address.lat, 90) && isCoordinate(address.long, 180)
      ? `${address.lat},${address.long}`
      : addressLine(address);
  if (!query) return null;
  return `${MAP_EMBED_ORIGIN}/maps/embed/v1/place?key=${encodeURIComponent(key)}&q=${encodeURIComponent(query)}`;
}

function isCoordinate(value: number | null | undefined, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit && value !== 0;
}
