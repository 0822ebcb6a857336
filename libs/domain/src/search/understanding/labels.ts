import { formatDollars } from '../../cars/price-display';
import { bodyLabel } from '../body-label';
import type { RangeFacet, TermFacet } from '../facets';
import { parseRange } from '../range';

/**
 * How a filter value or range is named to a shopper: one wording for the understanding's parts
 * ('Toyota HiLux', 'Under $50,000') and for the chips the search page derives from its URL, so a
 * chip reads the same whether it came from a sentence or from a shared link.
 */

/** State codes as a shopper reads them. */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  NSW: 'New South Wales',
  VIC: 'Victoria',
  QLD: 'Queensland',
  SA: 'South Australia',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  ACT: 'the ACT',
  NT: 'the Northern Territory',
};

/** New, Demo, and the site's word for used ('Used' or 'Pre-Owned'). */
export function conditionLabel(value: string, usedLabel: string): string {
  if (value === 'new') return 'New';
  if (value === 'demo') return 'Demo';
  if (value === 'used') return usedLabel;
  return value;
}

/** A term facet's value as a chip names it: 'Toyota:HiLux' -> 'Toyota HiLux', 'cabChassis' -> 'Cab Chassis'. */
export function termValueLabel(facet: TermFacet, value: string, usedLabel = 'Used'): string {
  switch (facet) {
    case 'make_model': {
      const colon = value.indexOf(':');
      return colon > 0 ? `${value.slice(0, colon)} ${value.slice(colon + 1)}` : value;
    }
    case 'body':
      return bodyLabel(value);
    case 'car_type':
      return conditionLabel(value, usedLabel);
    case 'state':
      return STATE_NAMES[value] ?? value;
    default:
      return value;
  }
}

export const formatKm = (km: number): string => `${km.toLocaleString('en-AU')} km`;

/**
 * A 'min:max' range as a chip names it: 'Under $50,000', '$30,000 to $40,000', '$50,000 and over',
 * 'Around $30,000' (when read from 'around'), 'Under 60,000 km'; years as '2020', '2018 to 2020',
 * '2019 or newer', '2010 or older'. The text itself when it is not a range.
 */
export function rangeLabel(facet: RangeFacet, text: string, around = false): string {
  const range = parseRange(text);
  if (!range || (range.min === null && range.max === null)) return text;
  if (facet === 'year') {
    if (range.min !== null && range.max !== null)
      return range.min === range.max ? String(range.min) : `${range.min} to ${range.max}`;
    return range.min !== null ? `${range.min} or newer` : `${range.max} or older`;
  }
  const format = facet === 'km' ? formatKm : formatDollars;
  if (around && range.min !== null && range.max !== null) return `Around ${format((range.min + range.max) / 2)}`;
  if (range.min !== null && range.max !== null) return `${format(range.min)} to ${format(range.max)}`;
  if (range.min !== null) return `${format(range.min)} and over`;
  return `Under ${format(range.max as number)}`;
}
