/* eslint-disable @typescript-eslint/no-non-null-assertion -- the query loops read typed arrays at
   positions below their length; a check per read would cost the pass much of its speed. */
import {
  AVAILABLE_STATUSES,
  groupVisibilityFilters,
  isRangeFacet,
  isTermFacet,
  MULTI_VALUE_FACETS,
  RANGE_FACETS,
  rangesOf,
  requestedFacets,
  searchWords,
  TERM_FACETS,
  termFiltersOf,
  type FacetStats,
  type RangeFacet,
  type SearchRequest,
  type SearchScope,
  type SortValue,
  type TermFacet,
  type VisibilityField,
} from '@platform/domain';

type MultiField = 'categories' | 'filtered_features';
type SingleField = Exclude<TermFacet, MultiField> | 'stocknum';

/** One projection row as the index loads it: everything a query reads except the hit itself. */
export type IndexRow = {
  id: number;
  dealership_id: number;
  search_text: string;
  custom_rank: number;
  /** Microseconds since the epoch, exact in a double, so ordering matches PostgreSQL's timestamptz. */
  created_us: number;
  listed_until_us: number | null;
  show_on_dealer_website: boolean;
} & { [F in RangeFacet]: number | null } & { [F in SingleField]: string | null } & { [F in MultiField]: string[] };

/** The projection's columns in IndexRow's shape, for the statement that loads a version. */
export const INDEX_ROW_SQL = [
  'id',
  'dealership_id',
  'search_text',
  'custom_rank',
  '(extract(epoch from created_at) * 1000000)::float8 AS created_us',
  '(extract(epoch from listed_until) * 1000000)::float8 AS listed_until_us',
  'show_on_dealer_website',
  'stocknum',
  ...RANGE_FACETS,
  ...TERM_FACETS,
]
  .map((column) => (/^[a-z_]+$/.test(column) ? `"${column}"` : column))
  .join(', ');

const MULTI_FIELDS = MULTI_VALUE_FACETS as readonly string[];
/** Single-valued facets, dictionary-coded for counting; stocknum (a visibility field only) stays as text. */
const SINGLE_FIELDS = TERM_FACETS.filter((facet) => !MULTI_FIELDS.includes(facet)) as Exclude<
  SingleField,
  'stocknum'
>[];
const isMulti = (field: string): field is MultiField => MULTI_FIELDS.includes(field);

/** Distinct strings of a column, numbered in first-seen order. */
class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(value, code);
      this.values.push(value);
    }
    return code;
  }

  /** A lookup by code of which codes the given values select; values never seen select nothing. */
  selector(values: readonly string[]): Uint8Array {
    const selected = new Uint8Array(this.values.length);
    for (const value of values) {
      const code = this.codes.get(value);
      if (code !== undefined) selected[code] = 1;
    }
    return selected;
  }
}

/** Grows a typed array to hold at least `size` entries, doubling so appends cost O(1) on average. */
function grown<T extends Float64Array | Int32Array | Uint8Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const bigger = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2, 64));
  bigger.set(array);
  return bigger;
}

/** A single-valued text column: one dictionary code per document, -1 for NULL. */
class SingleColumn {
  readonly dictionary = new Dictionary();
  codes: Int32Array;
  constructor(capacity: number) {
    this.codes = new Int32Array(capacity);
  }
  set(doc: number, value: string | null): void {
    this.codes = grown(this.codes, doc + 1);
    this.codes[doc] = value === null ? -1 : this.dictionary.code(value);
  }
  /** `column = ANY(values)`: NULL never matches. */
  matcher(values: readonly string[]): (doc: number) => boolean {
    const selected = this.dictionary.selector(values);
    const codes = this.codes;
    return (doc) => {
      const code = codes[doc]!;
      return code >= 0 && selected[code] === 1;
    };
  }
}

/**
 * A text-array column: document d's codes are codes[starts[d]..ends[d]). A changed document is
 * rewritten in place when its new values fit, else appended; the space left behind is counted in
 * `unused` and reclaimed by the next full build.
 */
class MultiColumn {
  readonly dictionary = new Dictionary();
  starts: Int32Array;
  ends: Int32Array;
  codes: Int32Array;
  private used = 0;
  unused = 0;
  constructor(capacity: number, values = 0) {
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.codes = new Int32Array(values);
  }
  set(doc: number, values: readonly (string | null)[] | null, fresh: boolean): void {
    const present = (values ?? []).filter((value): value is string => value !== null);
    this.starts = grown(this.starts, doc + 1);
    this.ends = grown(this.ends, doc + 1);
    let at = this.starts[doc]!;
    const room = fresh ? 0 : this.ends[doc]! - at;
    if (present.length > room) {
      this.unused += room;
      at = this.used;
      this.used += present.length;
      this.codes = grown(this.codes, this.used);
    } else {
      this.unused += room - present.length;
    }
    this.starts[doc] = at;
    for (const value of present) this.codes[at++] = this.dictionary.code(value);
    this.ends[doc] = at;
  }
  /** `column && values`: any shared value. */
  matcher(values: readonly string[]): (doc: number) => boolean {
    const selected = this.dictionary.selector(values);
    const { starts, ends, codes } = this;
    return (doc) => {
      for (let at = starts[doc]!; at < ends[doc]!; at++) if (selected[codes[at]!] === 1) return true;
      return false;
    };
  }
}

/** NULL as NaN: every comparison with it is false, as a NULL comparison fails in SQL. */
const numberOf = (value: number | null): number => value ?? Number.NaN;

/** A term facet being counted: codes per document and a counter per dictionary code. */
interface TermCount {
  facet: TermFacet;
  /** The facet's own filter bit (0 when unfiltered): a document failing only it still counts here. */
  bit: number;
  column: SingleColumn | MultiColumn;
  counts: Int32Array;
}

interface RangeStat {
  facet: RangeFacet;
  bit: number;
  values: Float64Array;
  min: number;
  max: number;
}

/** What the index answers; the engine adds the page's hits from PostgreSQL. */
export interface IndexAnswer {
  count: number;
  /** Car ids of the requested page, in order. */
  pageIds: number[];
  facets: Record<string, Record<string, number>>;
  facetStats: Record<string, FacetStats>;
}

const LIVE = 1;
const SOLD = 2;
const AVAILABLE = AVAILABLE_STATUSES as readonly string[];

/** Rows written per step of a build, between which the event loop gets the process back. */
const BUILD_STEP = 4096;

/**
 * One site's live search version held in memory: dictionary-coded facet columns, numeric columns,
 * and the documents pre-sorted in each sort order. A query is one pass over the documents computing,
 * per document, a bitmask of the filtered facets it fails (the disjunctive rule the PostgreSQL
 * engine's single-pass statement uses), then a walk of the sort order for the page. It answers
 * exactly what buildSearchSql answers for the same rows, which the property suite checks.
 *
 * It is built once from a version's rows and then kept current by `apply`, which writes changed
 * rows in place (new ones at the end), marks removed ones as never visible, and merges the changed
 * documents back into each sort order: a delta of a few hundred cars costs milliseconds where a
 * rebuild of a large site costs seconds.
 */
export class SiteIndex {
  /** Document positions in use, removed ones included (their state is 0 and no order holds them). */
  private slots = 0;
  /** Documents held: positions whose id is current. */
  private held = 0;
  private ids: Int32Array;
  private readonly docOfId = new Map<number, number>();
  private dealershipIds: Int32Array;
  /** 0 never visible (hidden from the website, neither available nor sold, or removed), LIVE or SOLD. */
  private state: Uint8Array;
  private listedUntil: Float64Array;
  private readonly texts: string[] = [];
  /** Unique per car, so a dictionary would only cost its build; site visibility filters compare it as text. */
  private readonly stocknums: (string | null)[] = [];
  private rank: Float64Array;
  private created: Float64Array;
  private readonly ranges = {} as Record<RangeFacet, Float64Array>;
  private readonly single = new Map<SingleField, SingleColumn>();
  private readonly multi = new Map<MultiField, MultiColumn>();
  private orders = {} as Record<SortValue, Int32Array>;

  private constructor(capacity: number, arrayValues: Record<MultiField, number>) {
    this.ids = new Int32Array(capacity);
    this.dealershipIds = new Int32Array(capacity);
    this.state = new Uint8Array(capacity);
    this.listedUntil = new Float64Array(capacity);
    this.rank = new Float64Array(capacity);
    this.created = new Float64Array(capacity);
    for (const facet of RANGE_FACETS) this.ranges[facet] = new Float64Array(capacity);
    for (const field of SINGLE_FIELDS) this.single.set(field, new SingleColumn(capacity));
    for (const field of MULTI_FIELDS as MultiField[])
      this.multi.set(field, new MultiColumn(capacity, arrayValues[field]));
  }

  /** Documents the index holds. */
  get size(): number {
    return this.held;
  }

  /**
   * How much of the index is left over from updates (removed documents, array values rewritten
   * elsewhere), from 0 to 1; the engine rebuilds a site in the background when it grows large.
   */
  get waste(): number {
    const removed = this.slots - this.held;
    let arrays = 0;
    let unused = 0;
    for (const column of this.multi.values()) {
      arrays += column.codes.length;
      unused += column.unused;
    }
    return Math.max(this.slots ? removed / this.slots : 0, arrays ? unused / arrays : 0);
  }

  /**
   * Builds the index a step of rows and a sort step at a time, giving the event loop back in
   * between, so a large site's rebuild delays the process's other requests by one step
   * (milliseconds to tens of milliseconds at 100,000 cars), never by the whole build.
   */
  static async build(rows: readonly IndexRow[]): Promise<SiteIndex> {
    const arrayValues = {} as Record<MultiField, number>;
    for (const field of MULTI_FIELDS as MultiField[]) {
      let total = 0;
      for (const row of rows) total += row[field]?.length ?? 0;
      arrayValues[field] = total;
    }
    const index = new SiteIndex(rows.length, arrayValues);
    for (let start = 0; start < rows.length; start += BUILD_STEP) {
      await yieldToEventLoop();
      const end = Math.min(rows.length, start + BUILD_STEP);
      for (let at = start; at < end; at++) index.add(rows[at]!);
    }
    const docs = new Int32Array(index.slots);
    for (let doc = 0; doc < docs.length; doc++) docs[doc] = doc;
    for (const sort of Object.keys(SORTS) as SortValue[]) {
      index.orders[sort] = await sortInSteps(docs.slice(), index.comparator(sort));
    }
    return index;
  }

  /**
   * Brings the index to a later revision of the same version: `rows` are the documents changed or
   * added since (as they are now), `removedIds` the documents gone. Synchronous, so no search ever
   * sees a half-applied change.
   */
  apply(rows: readonly IndexRow[], removedIds: readonly number[]): void {
    const touched = new Set<number>();
    for (const id of removedIds) {
      const doc = this.docOfId.get(id);
      if (doc === undefined) continue;
      this.docOfId.delete(id);
      this.state[doc] = 0;
      this.held--;
      touched.add(doc);
    }
    for (const row of rows) touched.add(this.add(row));
    if (touched.size === 0) return;
    const moved = new Uint8Array(this.slots);
    for (const doc of touched) moved[doc] = 1;
    const kept = [...touched].filter((doc) => this.docOfId.get(this.ids[doc]!) === doc);
    for (const sort of Object.keys(SORTS) as SortValue[]) {
      const compare = this.comparator(sort);
      this.orders[sort] = mergeInto(this.orders[sort], moved, Int32Array.from(kept).sort(compare), compare);
    }
  }

  /** Writes a row at its document's position (a new position for an id not held); returns the position. */
  private add(row: IndexRow): number {
    let doc = this.docOfId.get(row.id);
    const fresh = doc === undefined;
    if (doc === undefined) {
      doc = this.slots++;
      this.held++;
      this.docOfId.set(row.id, doc);
      if (doc >= this.ids.length) this.grow(doc + 1);
    }
    this.ids[doc] = row.id;
    this.dealershipIds[doc] = row.dealership_id;
    this.state[doc] = !row.show_on_dealer_website
      ? 0
      : row.status !== null && AVAILABLE.includes(row.status)
        ? LIVE
        : row.status === 'sold'
          ? SOLD
          : 0;
    this.listedUntil[doc] = numberOf(row.listed_until_us);
    this.texts[doc] = row.search_text;
    this.stocknums[doc] = row.stocknum;
    this.rank[doc] = row.custom_rank;
    this.created[doc] = row.created_us;
    for (const facet of RANGE_FACETS) this.ranges[facet][doc] = numberOf(row[facet]);
    for (const [field, column] of this.single) column.set(doc, row[field]);
    for (const [field, column] of this.multi) column.set(doc, row[field], fresh);
    return doc;
  }

  private grow(size: number): void {
    this.ids = grown(this.ids, size);
    this.dealershipIds = grown(this.dealershipIds, size);
    this.state = grown(this.state, size);
    this.listedUntil = grown(this.listedUntil, size);
    this.rank = grown(this.rank, size);
    this.created = grown(this.created, size);
    for (const facet of RANGE_FACETS) this.ranges[facet] = grown(this.ranges[facet], size);
  }

  /** Each sort order of buildSearchSql's ORDER_BY as a total order on document positions. */
  private comparator(sort: SortValue): (a: number, b: number) => number {
    const { ids, state, rank, created } = this;
    const price = this.ranges.price;
    /** NULLS LAST whichever the direction, as the PostgreSQL engine orders prices. */
    const byPrice = (a: number, b: number, direction: 1 | -1): number => {
      const pa = price[a]!;
      const pb = price[b]!;
      if (Number.isNaN(pa) || Number.isNaN(pb)) return Number(Number.isNaN(pa)) - Number(Number.isNaN(pb));
      return (pa - pb) * direction;
    };
    const live = (doc: number): number => (state[doc] === LIVE ? 1 : 0);
    switch (SORTS[sort]) {
      case 'relevance':
        return (a, b) => live(b) - live(a) || rank[b]! - rank[a]! || created[b]! - created[a]! || ids[b]! - ids[a]!;
      case 'newest':
        return (a, b) => created[b]! - created[a]! || ids[b]! - ids[a]!;
      case 'priceDesc':
        return (a, b) => byPrice(a, b, -1) || ids[b]! - ids[a]!;
      case 'priceAsc':
        return (a, b) => byPrice(a, b, 1) || ids[a]! - ids[b]!;
    }
  }

  query(scope: SearchScope, request: SearchRequest, now: Date): IndexAnswer {
    const nowUs = now.getTime() * 1000;
    const base = this.baseTests(scope, request);
    const tokens = searchWords(request.query);
    const { tests, bits } = this.filterTests(request);
    const requested = requestedFacets(request);
    const termCounts: TermCount[] = [];
    const stats: RangeStat[] = [];
    for (const facet of requested) {
      if (isTermFacet(facet)) {
        const column = this.column(facet);
        termCounts.push({
          facet,
          bit: bits.get(facet) ?? 0,
          column,
          counts: new Int32Array(column.dictionary.values.length),
        });
      } else if (isRangeFacet(facet)) {
        stats.push({ facet, bit: bits.get(facet) ?? 0, values: this.ranges[facet], min: Infinity, max: -Infinity });
      }
    }

    const matched = new Uint8Array(this.slots);
    let count = 0;
    const candidates = request.ids ? this.docsOf(request.ids) : null;
    const total = candidates ? candidates.length : this.slots;
    documents: for (let at = 0; at < total; at++) {
      const doc = candidates ? candidates[at]! : at;
      const state = this.state[doc];
      if (state === 0 || (state === SOLD && !(this.listedUntil[doc]! > nowUs))) continue;
      for (const test of base) if (!test(doc)) continue documents;
      if (tokens.length > 0) {
        const text = this.texts[doc]!;
        for (const token of tokens) if (!text.includes(token)) continue documents;
      }
      let fails = 0;
      for (const { bit, test } of tests) if (!test(doc)) fails |= bit;
      // Failing two or more filters, a document counts nowhere.
      if ((fails & (fails - 1)) !== 0) continue;
      if (fails === 0) {
        matched[doc] = 1;
        count++;
      }
      for (const term of termCounts) {
        if (fails !== 0 && fails !== term.bit) continue;
        const { column, counts } = term;
        if (column instanceof SingleColumn) {
          const code = column.codes[doc]!;
          if (code >= 0) counts[code]!++;
        } else {
          for (let c = column.starts[doc]!; c < column.ends[doc]!; c++) counts[column.codes[c]!]!++;
        }
      }
      for (const stat of stats) {
        if (fails !== 0 && fails !== stat.bit) continue;
        const value = stat.values[doc]!;
        if (Number.isNaN(value)) continue;
        if (value < stat.min) stat.min = value;
        if (value > stat.max) stat.max = value;
      }
    }

    const facets: Record<string, Record<string, number>> = {};
    for (const facet of request.facets ?? []) facets[facet] = {};
    for (const { facet, column, counts } of termCounts) {
      counts.forEach((n, code) => {
        if (n > 0) (facets[facet] ??= {})[column.dictionary.values[code]!] = n;
      });
    }
    const facetStats: Record<string, FacetStats> = {};
    for (const { facet, min, max } of stats) if (min <= max) facetStats[facet] = { min, max };
    return { count, pageIds: this.page(request, matched, count), facets, facetStats };
  }

  private column(field: TermFacet): SingleColumn | MultiColumn {
    return isMulti(field) ? this.multi.get(field)! : this.single.get(field)!;
  }

  /** `field = ANY(values)` (`&&` for arrays) for a site visibility filter's field. */
  private matcher(field: VisibilityField, values: readonly string[]): (doc: number) => boolean {
    if (field !== 'stocknum') return this.column(field).matcher(values);
    const wanted = new Set(values);
    const stocknums = this.stocknums;
    return (doc) => {
      const stocknum = stocknums[doc];
      return stocknum !== null && stocknum !== undefined && wanted.has(stocknum);
    };
  }

  private docsOf(ids: readonly number[]): number[] {
    const docs = new Set<number>();
    for (const id of ids) {
      const doc = this.docOfId.get(id);
      if (doc !== undefined) docs.add(doc);
    }
    return [...docs];
  }

  /** The scope's and site's conditions besides visibility and text, each a test per document. */
  private baseTests(scope: SearchScope, request: SearchRequest): ((doc: number) => boolean)[] {
    const tests: ((doc: number) => boolean)[] = [];
    const dealerships = new Set(scope.dealershipIds);
    const dealershipIds = this.dealershipIds;
    tests.push((doc) => dealerships.has(dealershipIds[doc]!));
    const { only, exclude } = groupVisibilityFilters(scope.visibilityFilters);
    for (const [field, values] of only) tests.push(this.matcher(field, values));
    for (const [field, values] of exclude) {
      // A single-valued NULL is kept (`IS NULL OR <> ALL`); arrays are never NULL here.
      const matches = this.matcher(field, values);
      tests.push((doc) => !matches(doc));
    }
    if (request.sortBy === 'price:asc' && scope.positivePriceOnPriceAsc) {
      const prices = this.ranges.price;
      tests.push((doc) => prices[doc]! > 0);
    }
    return tests;
  }

  /** One test per filtered facet (its term values, or both sides of its range), each with its bit. */
  private filterTests(request: SearchRequest): {
    tests: { bit: number; test: (doc: number) => boolean }[];
    bits: Map<string, number>;
  } {
    const tests: { bit: number; test: (doc: number) => boolean }[] = [];
    const bits = new Map<string, number>();
    const add = (facet: string, test: (doc: number) => boolean): void => {
      const bit = 1 << tests.length;
      bits.set(facet, bit);
      tests.push({ bit, test });
    };
    for (const [facet, values] of termFiltersOf(request)) add(facet, this.column(facet).matcher(values));
    for (const [facet, { min, max }] of rangesOf(request)) {
      // ':' bounds nothing: the SQL adds no clause, so a car without the value still matches.
      if (min === null && max === null) continue;
      const values = this.ranges[facet];
      const low = min ?? -Infinity;
      const high = max ?? Infinity;
      add(facet, (doc) => {
        const value = values[doc]!;
        return value >= low && value <= high;
      });
    }
    return { tests, bits };
  }

  private page(request: SearchRequest, matched: Uint8Array, count: number): number[] {
    const offset = (request.page - 1) * request.hitsPerPage;
    if (offset >= count) return [];
    const ids: number[] = [];
    let skipped = 0;
    for (const doc of this.orders[request.sortBy]) {
      if (matched[doc] !== 1) continue;
      if (skipped < offset) {
        skipped++;
        continue;
      }
      ids.push(this.ids[doc]!);
      if (ids.length === request.hitsPerPage) break;
    }
    return ids;
  }
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Documents sorted per step: a step costs milliseconds, so the event loop is never held for long. */
const SORT_STEP = 8192;

/** The sort orders an index keeps, by the comparator that defines each. */
const SORTS: Record<SortValue, 'relevance' | 'newest' | 'priceDesc' | 'priceAsc'> = {
  relevance: 'relevance',
  'created_at:desc': 'newest',
  'price:desc': 'priceDesc',
  'price:asc': 'priceAsc',
};

/**
 * Sorts document positions by a total order in steps: runs of SORT_STEP sorted one at a time, then
 * merged a pass at a time, yielding to the event loop between steps.
 */
async function sortInSteps(order: Int32Array, compare: (a: number, b: number) => number): Promise<Int32Array> {
  const size = order.length;
  for (let start = 0; start < size; start += SORT_STEP) {
    await yieldToEventLoop();
    order.subarray(start, Math.min(size, start + SORT_STEP)).sort(compare);
  }
  let merged: Int32Array = new Int32Array(size);
  for (let width = SORT_STEP; width < size; width *= 2) {
    await yieldToEventLoop();
    for (let left = 0; left < size; left += 2 * width) {
      const middle = Math.min(left + width, size);
      const right = Math.min(left + 2 * width, size);
      let a = left;
      let b = middle;
      let at = left;
      while (a < middle && b < right) merged[at++] = compare(order[a]!, order[b]!) <= 0 ? order[a++]! : order[b++]!;
      while (a < middle) merged[at++] = order[a++]!;
      while (b < right) merged[at++] = order[b++]!;
    }
    [order, merged] = [merged, order];
  }
  return order;
}

/**
 * An order with the `moved` documents taken out and `sorted` (already in the order's terms) merged
 * back in: linear in the order's length, so an update costs a few passes over the site, not a sort.
 */
function mergeInto(
  order: Int32Array,
  moved: Uint8Array,
  sorted: Int32Array,
  compare: (a: number, b: number) => number,
): Int32Array {
  let stays = 0;
  for (const doc of order) if (moved[doc] !== 1) stays++;
  const merged = new Int32Array(stays + sorted.length);
  let at = 0;
  let next = 0;
  for (const doc of order) {
    if (moved[doc] === 1) continue;
    while (next < sorted.length && compare(sorted[next]!, doc) <= 0) merged[at++] = sorted[next++]!;
    merged[at++] = doc;
  }
  while (next < sorted.length) merged[at++] = sorted[next++]!;
  return merged;
}
