import { bodyLabel } from '../search/body-label';
import { parseRange } from '../search/range';
import { MAX_SAVED_SEARCH_NAME, type SavedSearchCriteria } from './saved-search';

const dollars = (amount: number): string => `$${Math.round(amount).toLocaleString('en-AU')}`;
const number = (amount: number): string => Math.round(amount).toLocaleString('en-AU');

const CAR_TYPE_WORDS: Record<string, string> = { new: 'New', demo: 'Demo' };

/** 'a, b or c' */
const either = (values: readonly string[]): string =>
  values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

const words = (value: string): string =>
  value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .trim();

/**
 * A search's name: a readable summary of what it looks for, such as 'Used Toyota RAV4 under
 * $40,000 in VIC' (car type, make and model, body, price, kilometres, year, state, then the words
 * searched for), cut to the name's limit. A saved search's default name and a recent-search chip's
 * label. `usedLabel` is the site's word for used cars.
 */
export function savedSearchName(criteria: SavedSearchCriteria, usedLabel = 'Used'): string {
  const f = criteria.filters;
  const parts: string[] = [];
  const types = (f.car_type ?? []).map((type) => (type === 'used' ? usedLabel : (CAR_TYPE_WORDS[type] ?? words(type))));
  if (types.length > 0) parts.push(either(types));
  const models = f.make_model ?? [];
  if (models.length > 0) {
    const makes = [...new Set(models.map((value) => value.slice(0, value.indexOf(':'))))];
    parts.push(
      makes.length === 1
        ? `${makes[0]} ${either(models.map((value) => value.slice(value.indexOf(':') + 1)))}`
        : either(models.map((value) => value.replace(':', ' '))),
    );
  } else if ((f.make ?? []).length > 0) {
    parts.push(either(f.make ?? []));
    if ((f.model ?? []).length > 0) parts.push(either(f.model ?? []));
  } else if ((f.model ?? []).length > 0) parts.push(either(f.model ?? []));
  if ((f.body ?? []).length > 0) parts.push(either((f.body ?? []).map(bodyLabel)));
  if (parts.length === 0 || (parts.length === 1 && types.length > 0)) parts.push('cars');

  const price = criteria.ranges.price ? parseRange(criteria.ranges.price) : null;
  if (price?.min != null && price.max != null) parts.push(`${dollars(price.min)} to ${dollars(price.max)}`);
  else if (price?.max != null) parts.push(`under ${dollars(price.max)}`);
  else if (price?.min != null) parts.push(`from ${dollars(price.min)}`);
  const km = criteria.ranges.km ? parseRange(criteria.ranges.km) : null;
  if (km?.max != null) parts.push(`under ${number(km.max)} km`);
  const year = criteria.ranges.year ? parseRange(criteria.ranges.year) : null;
  if (year?.min != null && year.max != null && year.min !== year.max) parts.push(`${year.min}-${year.max}`);
  else if (year?.min != null && year.min === year.max) parts.push(String(year.min));
  else if (year?.min != null) parts.push(`${year.min} or newer`);
  else if (year?.max != null) parts.push(`${year.max} or older`);
  const places = [...(f.state ?? []), ...(f.city ?? []), ...(f.location_name ?? [])];
  if (places.length > 0) parts.push(`in ${either(places)}`);
  const query = criteria.query?.trim();
  if (query) parts.push(`matching '${query}'`);

  // Nothing searched for is the whole stock; a name starts with a capital ('Cars under $40,000').
  const joined = parts.join(' ').replace(/\s+/g, ' ').trim();
  const name = joined === 'cars' ? 'All cars' : joined.charAt(0).toUpperCase() + joined.slice(1);
  return name.length <= MAX_SAVED_SEARCH_NAME ? name : `${name.slice(0, MAX_SAVED_SEARCH_NAME - 1).trimEnd()}…`;
}
