import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { allSpans, extractFacts, homesIn, numbersOf, rowNumbersIn, type ReadmeFacts } from './facts';
import { guideFiles, read, REPO_ROOT } from './markdown';

/**
 * Issue 36 moved README's reference text into docs/. The endpoints, environment variables, metric
 * series, page paths and dated benchmark rows README held then are in readme-facts.json (extracted
 * from README.md at the branch point; CI clones afresh, so the list is checked in rather than read
 * from git history). Each must still be in README.md or a guide: a fact README defined in a table
 * row is defined in exactly one file (one home; other guides may mention it), a benchmark row is in
 * exactly one file, and a fact only mentioned is still mentioned somewhere.
 *
 * Regenerate (only when deliberately re-basing the list): README_FACTS_FROM=<commit> npx nx run docs:test
 */
const FIXTURE = path.join(__dirname, 'readme-facts.json');

if (process.env['README_FACTS_FROM']) {
  const ref = process.env['README_FACTS_FROM'];
  const markdown = execFileSync('git', ['show', `${ref}:README.md`], { cwd: REPO_ROOT, encoding: 'utf8' });
  writeFileSync(FIXTURE, `${JSON.stringify(extractFacts(markdown, `README.md at ${ref}`), null, 2)}\n`);
}

const facts: ReadmeFacts = require(FIXTURE);
const files = guideFiles().map((file) => ({ file, markdown: read(file) }));
const homes = files.map(({ file, markdown }) => ({ file, homes: homesIn(markdown) }));
const spans = files.map(({ file, markdown }) => ({ file, spans: new Set(allSpans(markdown)) }));
const rows = files.map(({ file, markdown }) => ({ file, rows: new Set(rowNumbersIn(markdown)) }));

const homesOf = (name: string) => homes.filter((f) => f.homes.has(name)).map((f) => f.file);
const mentionsOf = (name: string) =>
  spans.filter((f) => [...f.spans].some((s) => s === name || s.startsWith(`${name}=`))).map((f) => f.file);

describe(`no fact of the old README is lost (${facts.source})`, () => {
  it('the list is not empty', () => {
    expect(facts.endpoints.length).toBeGreaterThan(80);
    expect(facts.variables.filter((v) => v.home).length).toBeGreaterThan(60);
    expect(facts.figureRows.length).toBeGreaterThan(30);
  });

  const groups = ['endpoints', 'variables', 'metrics', 'pages'] as const;
  for (const group of groups) {
    it(`every one of its ${group} has one home (or, if it was only mentioned, is still mentioned)`, () => {
      const problems = facts[group].flatMap(({ name, home }) => {
        if (home) {
          const found = homesOf(name);
          return found.length === 1 ? [] : [`${name}: defined in ${found.length ? found.join(', ') : 'no file'}`];
        }
        return mentionsOf(name).length > 0 ? [] : [`${name}: mentioned nowhere`];
      });
      expect(problems).toEqual([]);
    });
  }

  it('every dated benchmark row is in exactly one file', () => {
    const problems = facts.figureRows.flatMap(({ row, numbers }) => {
      const key = numbers.join(' ');
      const found = rows.filter((f) => f.rows.has(key)).map((f) => f.file);
      return found.length === 1 ? [] : [`${row}: in ${found.length ? found.join(', ') : 'no file'}`];
    });
    expect(problems).toEqual([]);
  });

  it('numbersOf keeps thousands separators and decimals together', () => {
    expect(numbersOf('p50 7.9 / 15.3 ms, 1,000 of 1,000')).toEqual(['50', '7.9', '15.3', '1,000', '1,000']);
  });
});
