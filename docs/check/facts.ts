import { codeSpans, proseLines, tables } from './markdown';

/**
 * The facts README.md held before it became a front door (issue 36), so a test can prove none was
 * lost in the move to docs/. A fact with `home` was defined in a table's first cell (an endpoint's
 * row, an environment variable's row): it must be defined that way in exactly one file. The others
 * were mentioned in passing and must still be mentioned somewhere.
 */
export interface Fact {
  name: string;
  home: boolean;
}

export interface FigureRow {
  /** The row as it was, for the failure message. */
  row: string;
  /** Its numbers in order: a row counts as kept when a table row somewhere has the same numbers. */
  numbers: string[];
}

export interface ReadmeFacts {
  source: string;
  endpoints: Fact[];
  variables: Fact[];
  metrics: Fact[];
  pages: Fact[];
  figureRows: FigureRow[];
}

const ENDPOINT = /^(GET|POST|PUT|PATCH|DELETE) \S+/;
const VARIABLE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\*?(?==|$)/;
const FIGURE_TABLE = /\d{4}-\d\d-\d\d|p50|First-load|Achieved|LCP/;

export const numbersOf = (text: string): string[] => text.match(/\d[\d,.]*\d|\d/g) ?? [];

/** First-cell code spans of every table, by the table's first header cell. */
function firstCells(markdown: string): { header: string; spans: string[] }[] {
  return tables(markdown).flatMap((table) =>
    table.rows.map((row) => ({ header: table.header[0] ?? '', spans: codeSpans(row[0] ?? '') })),
  );
}

/** Every code span outside fenced blocks. */
export function allSpans(markdown: string): string[] {
  return proseLines(markdown).flatMap(({ text }) => codeSpans(text));
}

/** Endpoints, variables, metric series and page paths a file defines in a table's first cell. */
export function homesIn(markdown: string): Set<string> {
  const homes = new Set<string>();
  for (const { header, spans } of firstCells(markdown)) {
    for (const span of spans) {
      if (ENDPOINT.test(span)) homes.add(span);
      const variable = VARIABLE.exec(span)?.[0];
      if (variable && header === 'Variable') homes.add(variable);
      if (header === 'Series') homes.add(span);
      if (header === 'Path') homes.add(span);
    }
  }
  return homes;
}

/** The numbers of every table row of a file, one string per row. */
export function rowNumbersIn(markdown: string): string[] {
  return tables(markdown).flatMap((table) => table.rows.map((row) => numbersOf(row.join(' | ')).join(' ')));
}

/** Extracts the facts of a README (used once, on the README at the commit before the move). */
export function extractFacts(markdown: string, source: string): ReadmeFacts {
  const homes = new Map<string, string>();
  for (const { header, spans } of firstCells(markdown)) {
    for (const span of spans) {
      if (ENDPOINT.test(span)) homes.set(span, 'endpoint');
      const variable = VARIABLE.exec(span)?.[0];
      if (variable && header === 'Variable') homes.set(variable, 'variable');
      if (header === 'Series') homes.set(span, 'metric');
      if (header === 'Path') homes.set(span, 'page');
    }
  }
  const mentioned = { endpoint: new Set<string>(), variable: new Set<string>() };
  for (const span of allSpans(markdown)) {
    if (ENDPOINT.test(span)) mentioned.endpoint.add(span);
    const variable = VARIABLE.exec(span)?.[0];
    if (variable) mentioned.variable.add(variable);
  }
  const facts = (kind: string, names: Iterable<string>): Fact[] =>
    [...new Set([...names, ...[...homes].filter(([, k]) => k === kind).map(([name]) => name)])]
      .sort()
      .map((name) => ({ name, home: homes.get(name) === kind }));
  const figureRows = tables(markdown)
    .filter((table) => FIGURE_TABLE.test(table.header.join(' | ')))
    .flatMap((table) => table.rows.map((row) => row.join(' | ')))
    .filter((row) => numbersOf(row).length > 0)
    .map((row) => ({ row, numbers: numbersOf(row) }));
  return {
    source,
    endpoints: facts('endpoint', mentioned.endpoint),
    variables: facts('variable', mentioned.variable),
    metrics: facts('metric', []),
    pages: facts('page', []),
    figureRows,
  };
}
