import { formatDollars } from '../../cars/price-display';
import type { FinanceFrequency } from '../../finance/calculator';
import { distanceKm, type Coordinates } from '../../places/distance';
import type { FacetName, RangeFacet, TermFacet } from '../facets';
import { formatRange, parseRange } from '../range';
import { FILLER_WORDS, PLAIN_WORDS } from './aliases';
import { rangeLabel } from './labels';
import { sentenceWords, squash, tokenize, type Token } from './tokens';
import { priceForRepayment } from './weekly-budget';
import {
  NEAR_KM,
  SAME_SPOT_KM,
  type ResolvedPlace,
  type SearchFilters,
  type SearchRanges,
  type UnderstandingVocabulary,
  type UnderstoodKind,
  type VocabularyTerm,
} from './vocabulary';

/** One understood part of a sentence: a chip on the results page, removable on its own. */
export interface UnderstoodPart {
  kind: UnderstoodKind;
  /** 'Toyota HiLux', 'Under $50,000', 'Diesel', 'Near Werribee'. */
  label: string;
  /** The search request keys it sets. */
  keys: FacetName[];
  /** Exactly the term filters and ranges this part adds to the request. */
  filters: SearchFilters;
  ranges: SearchRanges;
  /** UTF-16 offsets of the words it came from: sentence.slice(start, end). */
  span: { start: number; end: number };
  /** What it rests on, for a tooltip: the loan behind a weekly budget, the locations near a place. */
  detail?: string;
}

/** A sentence as the platform's search request reads it. */
export interface UnderstoodSearch {
  /** The request's term filters (a facet's values in the order understood: locations nearest first). */
  filters: SearchFilters;
  /** The request's ranges as 'min:max' texts. */
  ranges: SearchRanges;
  /** The words not understood, in the sentence's order, for the request's free-text query; '' for none. */
  text: string;
  parts: UnderstoodPart[];
}

/** The most of a sentence read (whole words); the rest is ignored. */
export const MAX_SENTENCE_LENGTH = 500;

/** 'Around $30,000' is this share either side. */
export const AROUND_SHARE = 0.1;

/** The longest free text kept (the search request's query limit); whole words are dropped from the end. */
export const MAX_LEFTOVER_LENGTH = 200;

type Cmp = 'lt' | 'gt' | 'ge' | 'around' | 'between' | 'after' | 'before';
type Unit = 'km' | 'week' | 'fortnight' | 'month' | 'yearsOld' | 'seats' | 'deposit' | 'model';

const seq = (text: string): string[] => text.split(' ');
const PREFIXES: readonly [string[], Cmp][] = [
  ['no more than', 'lt'],
  ['not more than', 'lt'],
  ['less than', 'lt'],
  ['lower than', 'lt'],
  ['cheaper than', 'lt'],
  ['up to', 'lt'],
  ['at most', 'lt'],
  ['budget of', 'lt'],
  ['under', 'lt'],
  ['below', 'lt'],
  ['upto', 'lt'],
  ['max', 'lt'],
  ['maximum', 'lt'],
  ['sub', 'lt'],
  ['<', 'lt'],
  ['budget', 'lt'],
  ['within', 'lt'],
  ['more than', 'gt'],
  ['greater than', 'gt'],
  ['over', 'gt'],
  ['above', 'gt'],
  ['>', 'gt'],
  ['at least', 'ge'],
  ['min', 'ge'],
  ['minimum', 'ge'],
  ['from', 'ge'],
  ['since', 'ge'],
  ['around', 'around'],
  ['about', 'around'],
  ['roughly', 'around'],
  ['approx', 'around'],
  ['approximately', 'around'],
  ['~', 'around'],
  ['between', 'between'],
  ['newer than', 'after'],
  ['after', 'after'],
  ['post', 'after'],
  ['before', 'before'],
  ['pre', 'before'],
  ['older than', 'before'],
].map(([words, cmp]) => [seq(words as string), cmp as Cmp]);

const SUFFIXES: readonly [string[], Cmp][] = [
  ['+', 'ge'],
  ['plus', 'ge'],
  ['or more', 'ge'],
  ['and up', 'ge'],
  ['and above', 'ge'],
  ['and over', 'ge'],
  ['or above', 'ge'],
  ['or over', 'ge'],
  ['onwards', 'ge'],
  ['onward', 'ge'],
  ['or newer', 'ge'],
  ['and newer', 'ge'],
  ['or later', 'ge'],
  ['and later', 'ge'],
  ['upwards', 'ge'],
  ['or less', 'lt'],
  ['or under', 'lt'],
  ['and under', 'lt'],
  ['or below', 'lt'],
  ['and below', 'lt'],
  ['or cheaper', 'lt'],
  ['max', 'lt'],
  ['maximum', 'lt'],
  ['budget', 'lt'],
  ['tops', 'lt'],
  ['or older', 'lt'],
  ['and older', 'lt'],
  ['or earlier', 'lt'],
].map(([words, cmp]) => [seq(words as string), cmp as Cmp]);

const KM_WORDS = new Set(['km', 'kms', 'klm', 'klms', 'kilometre', 'kilometres', 'kilometer', 'kilometers', "k's"]);
const UNITS: readonly [string[], Unit][] = [
  ...[...KM_WORDS].map((word): [string[], Unit] => [[word], 'km']),
  ...['a week', 'per week', 'a wk', 'per wk', 'each week', 'every week', 'pw', 'p / w', '/ wk', '/ week', '/ w']
    .concat(['weekly', 'wk', 'week', 'wkly'])
    .map((words): [string[], Unit] => [seq(words), 'week']),
  ...['a fortnight', 'per fortnight', 'fortnightly', 'pf', 'p / f', '/ fortnight', '/ fn', 'fortnight']
    .concat(['a fn', 'per fn'])
    .map((words): [string[], Unit] => [seq(words), 'fortnight']),
  ...['a month', 'per month', 'a mth', 'per mth', 'monthly', 'pm', 'p / m', '/ month', '/ mth', '/ mo', 'month']
    .concat(['mth', 'mthly'])
    .map((words): [string[], Unit] => [seq(words), 'month']),
  ...['years old', 'year old', 'yrs old', 'yr old', 'yo', 'y / o', 'years', 'yrs'].map((words): [string[], Unit] => [
    seq(words),
    'yearsOld',
  ]),
  ...['seater', 'seaters', 'seats', 'seat', '- seater', '- seat', 'passenger'].map((words): [string[], Unit] => [
    seq(words),
    'seats',
  ]),
  [['deposit'], 'deposit'],
  [['dep'], 'deposit'],
  [['down'], 'deposit'],
  [['model'], 'model'],
];
const MULTIPLIERS: Readonly<Record<string, number>> = { k: 1000, grand: 1000, thousand: 1000, g: 1000 };
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const PLACE_TRIGGERS: readonly string[][] = ['near', 'nr', 'around', 'close to', 'near to', 'in', 'at', 'out'].map(seq);
/** Triggers that are also plain prepositions: the place after them must not be a word the site knows ('in white'). */
const WEAK_TRIGGERS = new Set(['in', 'at', 'out']);
const POSTCODE_TRIGGERS: readonly string[][] = [
  'postcode',
  'post code',
  'pc',
  ...PLACE_TRIGGERS.map((t) => t.join(' ')),
].map(seq);
const FREQUENCY_WORDS: Readonly<Record<FinanceFrequency, string>> = {
  week: 'week',
  fortnight: 'fortnight',
  month: 'month',
};

interface Amount {
  value: number;
  money: boolean;
  /** Written with a thousands word ('40k', '20 grand'). */
  thousands: boolean;
  end: number;
}

/** A match at a position: the tokens it spans and the part it makes (none: words to drop). */
interface Candidate {
  end: number;
  part: Omit<UnderstoodPart, 'span' | 'keys'> | null;
  /** A deposit the shopper named, for a weekly budget in the same sentence. */
  deposit?: number;
  /** A weekly budget, kept to be read again with a deposit. */
  budget?: { amount: number; frequency: FinanceFrequency };
  /** The make of a make or model part. */
  make?: string;
}

function damerau(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        (rows[0] as number[])[j] = j;
        continue;
      }
      const row = rows[i] as number[];
      const up = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = value;
      best = Math.min(best, value);
    }
    if (i > 0 && best > limit) return limit + 1;
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** Merges ranges of one facet: the tighter of both; a contradiction keeps the later one. */
function intersect(earlier: string, later: string): string {
  const a = parseRange(earlier);
  const b = parseRange(later);
  if (!a || !b) return later;
  const min = a.min === null ? b.min : b.min === null ? a.min : Math.max(a.min, b.min);
  const max = a.max === null ? b.max : b.max === null ? a.max : Math.min(a.max, b.max);
  return min !== null && max !== null && min > max ? later : formatRange({ min, max });
}

/** The request's filters and ranges for a set of parts: what is left when a chip is removed. */
export function combineParts(parts: readonly Pick<UnderstoodPart, 'filters' | 'ranges'>[]): {
  filters: SearchFilters;
  ranges: SearchRanges;
} {
  const filters: SearchFilters = {};
  const ranges: SearchRanges = {};
  for (const part of parts) {
    for (const [facet, values] of Object.entries(part.filters) as [TermFacet, string[]][]) {
      filters[facet] = [...new Set([...(filters[facet] ?? []), ...values])];
    }
    for (const [facet, text] of Object.entries(part.ranges) as [RangeFacet, string][]) {
      const current = ranges[facet];
      ranges[facet] = current === undefined ? text : intersect(current, text);
    }
  }
  return { filters, ranges };
}

/**
 * Reads a shopper's sentence ('white hilux under 50k near Werribee') as the site search request:
 * term filters and ranges in the platform's own values, one part per understood phrase with its
 * label and where it came from, and the words not understood as free text. Pure and
 * deterministic: the same sentence and vocabulary always give the same answer; it never throws.
 */
export function understandQuery(text: string, vocabulary: UnderstandingVocabulary): UnderstoodSearch {
  // A pasted page is not a search: read the first whole words only, so time stays bounded.
  const cut = text.length > MAX_SENTENCE_LENGTH ? text.slice(0, MAX_SENTENCE_LENGTH + 1).search(/\s\S*$/u) : -1;
  const sentence = text.length > MAX_SENTENCE_LENGTH ? text.slice(0, Math.max(cut, 0)) : text;
  const words = sentenceWords(sentence);
  const tokens = tokenize(sentence, words);
  const n = tokens.length;
  const at = (index: number): Token | undefined => tokens[index];
  const textAt = (index: number): string => at(index)?.text ?? '';

  /** The end of `sequence` matched at `index`, or -1. */
  const matchWords = (index: number, sequence: readonly string[]): number => {
    for (let k = 0; k < sequence.length; k += 1) if (textAt(index + k) !== sequence[k]) return -1;
    return index + sequence.length;
  };
  const longest = <T>(index: number, table: readonly [string[], T][]): { end: number; value: T } | null => {
    let best: { end: number; value: T } | null = null;
    for (const [sequence, value] of table) {
      const end = matchWords(index, sequence);
      if (end > 0 && (!best || end > best.end)) best = { end, value };
    }
    return best;
  };
  /** The squashed text of tokens [index, index + count), or null when a sign other than - or / breaks it. */
  const ngramKey = (index: number, count: number): string | null => {
    if (index + count > n) return null;
    let key = '';
    for (let k = index; k < index + count; k += 1) {
      const token = tokens[k] as Token;
      if (token.kind === 'sym') {
        if ((token.text !== '-' && token.text !== '/') || k === index || k === index + count - 1) return null;
        continue;
      }
      key += squash(token.text);
    }
    return key === '' ? null : key;
  };
  const lookupTerm = (key: string): VocabularyTerm | undefined => {
    const term = vocabulary.terms.get(key);
    if (term) return term;
    if (key.length > 3 && key.endsWith('s')) return vocabulary.terms.get(key.slice(0, -1));
    return undefined;
  };

  const readAmount = (index: number): Amount | null => {
    let j = index;
    let money = false;
    if (textAt(j) === '$') {
      money = true;
      j += 1;
    }
    const token = at(j);
    if (!token || token.kind !== 'num' || !Number.isFinite(token.value)) return null;
    let value = token.value;
    j += 1;
    let thousands = false;
    const multiplier = MULTIPLIERS[textAt(j)];
    if (multiplier !== undefined && at(j)?.kind === 'word') {
      value *= multiplier;
      thousands = true;
      j += 1;
    }
    return { value, money: money || thousands, thousands, end: j };
  };

  const yearLike = (amount: Amount): boolean =>
    !amount.money &&
    Number.isInteger(amount.value) &&
    amount.value >= 1950 &&
    amount.value <= vocabulary.currentYear + 1;

  const rangeText = (cmp: Cmp | null, value: number, upper: number | null): string => {
    if (upper !== null) return `${value}:${upper}`;
    switch (cmp) {
      case 'gt':
      case 'ge':
      case 'after':
        return `${value}:`;
      case 'around': {
        const spread = Math.round(value * AROUND_SHARE);
        return `${value - spread}:${value + spread}`;
      }
      default:
        return `:${value}`;
    }
  };
  /** Prices, weekly budgets, kilometres, years, ages, seats and deposits. */
  const numberAt = (index: number): Candidate | null => {
    let j = index;
    let cmp: Cmp | null = null;
    const prefix = longest(index, PREFIXES);
    if (prefix) {
      cmp = prefix.value;
      j = prefix.end;
    }
    // A number written as a word is only ever a seat count ('seven seater').
    const wordNumber = NUMBER_WORDS[textAt(j)];
    if (wordNumber !== undefined && !prefix) {
      const unit = longest(j + 1, UNITS);
      return unit?.value === 'seats' ? seatsCandidate(wordNumber, unit.end) : null;
    }
    const first = readAmount(j);
    if (!first) return null;
    j = first.end;
    let second: Amount | null = null;
    const joiner = textAt(j);
    if (joiner === '-' || joiner === 'to' || (cmp === 'between' && joiner === 'and')) {
      second = readAmount(j + 1);
      if (second) j = second.end;
    }
    if (second && !first.thousands && second.thousands && first.value < 1000 && second.value >= 1000) {
      first.value *= 1000;
      first.money = true;
    }
    if (second && first.money !== second.money && (first.money || second.money)) {
      first.money = true;
      second.money = true;
    }
    if (second && first.value > second.value) return null;
    const unit = longest(j, UNITS);
    if (unit) j = unit.end;
    const suffix = longest(j, SUFFIXES);
    if (suffix) {
      cmp ??= suffix.value;
      j = suffix.end;
    }
    const upper = second?.value ?? null;
    const value = first.value;

    switch (unit?.value) {
      case 'km': {
        const text = rangeText(cmp, value, upper);
        return part(j, 'km', rangeLabel('km', text, cmp === 'around'), {}, { km: text });
      }
      case 'week':
      case 'fortnight':
      case 'month': {
        if (cmp === 'gt' || cmp === 'ge' || cmp === 'after' || !vocabulary.loan) return null;
        return weeklyCandidate(j, upper ?? value, unit.value, 0);
      }
      case 'yearsOld': {
        if (second || !Number.isInteger(value) || value > 60 || first.money) return null;
        const year = vocabulary.currentYear - value;
        const older = cmp === 'gt' || cmp === 'ge';
        const text = older ? `:${year}` : `${year}:`;
        const label = older ? `${value} or more years old` : `Under ${value} years old`;
        return part(j, 'year', label, {}, { year: text });
      }
      case 'seats':
        return second || prefix ? null : seatsCandidate(value, j);
      case 'deposit':
        return second || cmp ? null : { end: j, part: null, deposit: value };
      default:
        break;
    }
    if (yearLike(first) && (!second || yearLike(second)) && !first.money) {
      let text: string;
      if (upper !== null) text = `${value}:${upper}`;
      else if (cmp === 'after' || cmp === 'gt') text = `${value + 1}:`;
      else if (cmp === 'before') text = `:${value - 1}`;
      else if (cmp === 'ge') text = `${value}:`;
      else if (cmp === 'lt') text = `:${value}`;
      else if (cmp === 'around') text = `${value - 1}:${value + 1}`;
      else text = `${value}:${value}`;
      const label = rangeLabel('year', text);
      return part(j, 'year', label, {}, { year: text });
    }
    if (unit?.value === 'model') return null;
    const priced = first.money || (cmp !== null && cmp !== 'after' && cmp !== 'before' && value >= 1000);
    if (!priced || value <= 0) return null;
    const text = rangeText(cmp === 'after' ? 'gt' : cmp, Math.round(value), upper === null ? null : Math.round(upper));
    return part(j, 'price', rangeLabel('price', text, cmp === 'around'), {}, { price: text });
  };

  const part = (
    end: number,
    kind: UnderstoodKind,
    label: string,
    filters: SearchFilters,
    ranges: SearchRanges,
    detail?: string,
  ): Candidate => ({ end, part: { kind, label, filters, ranges, ...(detail ? { detail } : {}) } });

  const seatsCandidate = (count: number, end: number): Candidate | null => {
    if (!Number.isInteger(count) || count < 1 || count > 12) return null;
    const values = vocabulary.seats.filter((seats) => seats >= count).map(String);
    if (values.length === 0) return null;
    const label = values.length === 1 && values[0] === String(count) ? `${count} seats` : `${count} or more seats`;
    return part(end, 'seats', label, { seats: values }, {});
  };

  const weeklyCandidate = (
    end: number,
    amount: number,
    frequency: FinanceFrequency,
    deposit: number,
  ): Candidate | null => {
    const loan = vocabulary.loan;
    if (!loan) return null;
    const price = priceForRepayment(amount, frequency, { ...loan, deposit: loan.deposit + deposit });
    if (price === null) return null;
    const every = FREQUENCY_WORDS[frequency];
    const depositText = loan.deposit + deposit > 0 ? `${formatDollars(loan.deposit + deposit)} deposit` : 'no deposit';
    const fees = loan.fees.length > 0 ? ', with the site’s fees' : '';
    const detail =
      `Cars up to ${formatDollars(price)}: the site's finance calculator repays that within ` +
      `${formatDollars(amount)} a ${every} at ${loan.interestPercent}% p.a. over ${loan.termYears} years, ${depositText}${fees}.`;
    const candidate = part(
      end,
      'weekly',
      `Under ${formatDollars(amount)} a ${every}`,
      {},
      { price: `:${price}` },
      detail,
    );
    return { ...candidate, budget: { amount, frequency } };
  };

  const nearestLocations = (point: Coordinates): { name: string; km: number }[] => {
    const measured = vocabulary.locations
      .map((location) => ({ name: location.name, km: distanceKm(point, location.point) }))
      .sort((a, b) => a.km - b.km || a.name.localeCompare(b.name));
    const first = measured[0];
    if (!first) return [];
    const near = measured.filter((location) => location.km <= NEAR_KM);
    return near.length > 0 ? near : measured.filter((location) => location.km <= first.km + SAME_SPOT_KM);
  };
  const locationCandidate = (end: number, place: ResolvedPlace, label: string): Candidate | null => {
    const near = nearestLocations(place.point);
    if (near.length === 0) return null;
    const detail = near.map((location) => `${location.name} (${Math.round(location.km)} km)`).join(', ');
    return part(end, 'location', label, { location_name: near.map((location) => location.name) }, {}, detail);
  };

  const previousIsUnknownWord = (index: number): boolean => {
    const previous = at(index - 1);
    return (
      previous !== undefined &&
      previous.kind === 'word' &&
      !consumed[index - 1] &&
      !FILLER_WORDS.has(previous.text) &&
      !lookupTerm(squash(previous.text))
    );
  };

  const postcodeAt = (index: number): Candidate | null => {
    const trigger = longest(
      index,
      POSTCODE_TRIGGERS.map((words): [string[], true] => [words, true]),
    );
    const j = trigger ? trigger.end : index;
    const token = at(j);
    if (!token || token.kind !== 'num' || !/^\d{4}$/.test(token.text)) return null;
    const next = at(j + 1);
    if (next && next.word === token.word) return null;
    if (!trigger && previousIsUnknownWord(index)) return null;
    const place = vocabulary.places.byPostcode.get(token.text);
    return place ? locationCandidate(j + 1, place, `Near ${place.name} ${place.postcode}`) : null;
  };

  const stateAfter = (index: number): { end: number; state: string } | null => {
    const token = at(index);
    if (!token || token.kind !== 'word') return null;
    const state = STATE_CODES[token.text];
    return state ? { end: index + 1, state } : null;
  };

  const placeAt = (index: number): Candidate | null => {
    const trigger = longest(
      index,
      PLACE_TRIGGERS.map((words): [string[], string] => [words, words.join(' ')]),
    );
    if (!trigger) return null;
    let j = trigger.end;
    if (textAt(j) === 'the') j += 1;
    const weak = WEAK_TRIGGERS.has(trigger.value);
    if (weak && (lookupTerm(squash(textAt(j))) || FILLER_WORDS.has(textAt(j)))) return null;
    for (let count = Math.min(4, n - j); count >= 1; count -= 1) {
      if (tokens.slice(j, j + count).some((token) => token.kind !== 'word')) continue;
      const key = ngramKey(j, count);
      const candidates = key === null ? undefined : vocabulary.places.byName.get(key);
      if (!candidates || candidates.length === 0) continue;
      if (weak && lookupTerm(key as string)) continue;
      const state = stateAfter(j + count);
      const inState = state ? candidates.filter((candidate) => candidate.state === state.state) : [];
      const place = (inState[0] ?? candidates[0]) as ResolvedPlace;
      const end = state && inState.length > 0 ? state.end : j + count;
      return locationCandidate(end, place, `Near ${place.name}`);
    }
    return null;
  };

  const barePlaceAt = (index: number): Candidate | null => {
    for (let count = Math.min(4, n - index); count >= 1; count -= 1) {
      if (tokens.slice(index, index + count).some((token) => token.kind !== 'word')) continue;
      const key = ngramKey(index, count);
      const place = key === null ? undefined : vocabulary.places.nearby.get(key);
      if (!place) continue;
      // Without 'near', a word a letter off one of the site's models is the model ('sorrento' is a Kia
      // Sorento before it is Sorrento on the Gold Coast); 'near sorrento' is the place.
      if ((guessAt(index)?.end ?? 0) >= index + count) return null;
      return locationCandidate(index + count, place, `Near ${place.name}`);
    }
    return null;
  };

  const termAt = (index: number): Candidate | null => {
    const first = at(index);
    if (!first || first.kind === 'sym') return null;
    for (let count = Math.min(vocabulary.maxTermTokens, n - index); count >= 1; count -= 1) {
      const key = ngramKey(index, count);
      const term = key === null ? undefined : lookupTerm(key);
      if (term) return termCandidate(index + count, term);
    }
    return null;
  };
  const termCandidate = (end: number, term: VocabularyTerm): Candidate => ({
    end,
    part: { kind: term.kind, label: term.label, filters: term.filters, ranges: term.ranges },
    ...(term.make ? { make: term.make } : {}),
  });

  const guessAt = (index: number): Candidate | null => {
    for (let count = 2; count >= 1; count -= 1) {
      if (index + count > n || tokens.slice(index, index + count).some((token) => token.kind !== 'word')) continue;
      if (
        tokens.slice(index, index + count).some((token) => FILLER_WORDS.has(token.text) || PLAIN_WORDS.has(token.text))
      )
        continue;
      // Two words are guessed as one name only when neither is a word the site knows ('land crusier').
      if (count === 2 && tokens.slice(index, index + 2).some((token) => lookupTerm(squash(token.text)))) continue;
      const key = ngramKey(index, count);
      if (key === null || key.length < 5 || lookupTerm(key)) continue;
      const limit = key.length >= 8 ? 2 : 1;
      let best: VocabularyTerm | null = null;
      let bestDistance = limit + 1;
      let tied = false;
      for (const candidate of vocabulary.guessable) {
        if (candidate.key.length < 4) continue;
        const distance = damerau(key, candidate.key, limit);
        if (distance < bestDistance) {
          best = candidate.term;
          bestDistance = distance;
          tied = false;
        } else if (distance === bestDistance && best !== candidate.term) {
          tied = true;
        }
      }
      if (best && !tied && bestDistance <= limit) return termCandidate(index + count, best);
    }
    return null;
  };

  const consumed: boolean[] = new Array<boolean>(n).fill(false);
  const found: { start: number; candidate: Candidate }[] = [];
  const matchers = [numberAt, postcodeAt, termAt, placeAt, barePlaceAt, guessAt];
  for (let index = 0; index < n;) {
    let best: Candidate | null = null;
    for (const matcher of matchers) {
      const candidate = matcher(index);
      if (candidate && candidate.end > index && (!best || candidate.end > best.end)) best = candidate;
    }
    if (!best) {
      index += 1;
      continue;
    }
    found.push({ start: index, candidate: best });
    for (let k = index; k < best.end; k += 1) consumed[k] = true;
    index = best.end;
  }

  // A deposit belongs to the weekly budget beside it; without one it is not understood.
  const deposit = found.find((item) => item.candidate.deposit !== undefined);
  const weekly = found.find((item) => item.candidate.budget !== undefined);
  if (deposit && weekly) {
    const { amount, frequency } = weekly.candidate.budget as { amount: number; frequency: FinanceFrequency };
    const reread = weeklyCandidate(weekly.candidate.end, amount, frequency, deposit.candidate.deposit as number);
    if (reread) {
      weekly.candidate = { ...reread, end: Math.max(weekly.candidate.end, deposit.candidate.end) };
      weekly.start = Math.min(weekly.start, deposit.start);
    }
  } else if (deposit) {
    for (let k = deposit.start; k < deposit.candidate.end; k += 1) consumed[k] = false;
  }

  const parts: UnderstoodPart[] = [];
  let previous: { start: number; candidate: Candidate } | null = null;
  for (const item of found) {
    const made = item.candidate.part;
    if (!made) continue;
    const span = {
      start: (tokens[item.start] as Token).start,
      end: (tokens[item.candidate.end - 1] as Token).end,
    };
    if (item.candidate.budget && deposit && weekly === item) {
      span.start = Math.min(span.start, (tokens[deposit.start] as Token).start);
      span.end = Math.max(span.end, (tokens[deposit.candidate.end - 1] as Token).end);
    }
    const last = parts[parts.length - 1];
    // 'Mazda CX-5', 'merc c-class': a make and its model side by side are one part.
    if (
      last &&
      previous &&
      last.kind === 'make' &&
      made.kind === 'model' &&
      item.candidate.make !== undefined &&
      previous.candidate.make === item.candidate.make &&
      previous.candidate.end === item.start
    ) {
      parts[parts.length - 1] = {
        ...made,
        keys: keysOf(made.filters, made.ranges),
        span: { start: last.span.start, end: span.end },
      };
    } else {
      parts.push({ ...made, keys: keysOf(made.filters, made.ranges), span });
    }
    previous = item;
  }

  const { filters, ranges } = combineParts(parts);
  return { filters, ranges, text: leftover(words, tokens, consumed), parts };
}

const STATE_CODES: Readonly<Record<string, string>> = {
  nsw: 'NSW',
  vic: 'VIC',
  qld: 'QLD',
  sa: 'SA',
  wa: 'WA',
  tas: 'TAS',
  act: 'ACT',
  nt: 'NT',
};

const keysOf = (filters: SearchFilters, ranges: SearchRanges): FacetName[] => [
  ...(Object.keys(filters) as FacetName[]),
  ...(Object.keys(ranges) as FacetName[]),
];

/** The sentence's words none of whose tokens was understood, filler dropped, within the query limit. */
function leftover(
  words: ReturnType<typeof sentenceWords>,
  tokens: readonly Token[],
  consumed: readonly boolean[],
): string {
  const touched = new Set<number>();
  tokens.forEach((token, index) => {
    if (consumed[index]) touched.add(token.word);
  });
  const kept: string[] = [];
  let length = 0;
  words.forEach((word, index) => {
    if (touched.has(index) || word.core === '' || FILLER_WORDS.has(word.core.toLowerCase())) return;
    if (!/[\p{L}\p{N}]/u.test(word.core)) return;
    const added = (kept.length > 0 ? 1 : 0) + word.core.length;
    if (length + added > MAX_LEFTOVER_LENGTH) return;
    kept.push(word.core);
    length += added;
  });
  return kept.join(' ');
}

/** The parts of the site search request a sentence gives: free text, term filters and ranges. */
export function searchRequestOf(understood: UnderstoodSearch): {
  query?: string;
  filters: SearchFilters;
  ranges: SearchRanges;
} {
  return {
    ...(understood.text ? { query: understood.text } : {}),
    filters: understood.filters,
    ranges: understood.ranges,
  };
}
