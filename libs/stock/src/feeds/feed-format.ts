import { parse } from 'csv-parse';
import {
  FEED_LIST_FIELDS,
  FEED_REQUIRED_FIELDS,
  FeedEnvelopeSchema,
  isReservedKey,
  setPath,
  storableText,
} from '@platform/domain';

export const FEED_CONTENT_TYPES = ['application/json', 'text/csv'] as const;
export type FeedContentType = (typeof FEED_CONTENT_TYPES)[number];

/** A body that is not a readable feed at all (as opposed to a feed with some invalid rows). */
export class FeedFormatError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    // The message quotes the body (a parser's 'unexpected token'), and it is stored on the run.
    super(storableText(message));
    this.name = 'FeedFormatError';
  }
}

/** One car of a feed, numbered from 1 in the order sent (for CSV, the first line after the header). */
export interface FeedRow {
  row: number;
  value: unknown;
}

/** An error cell count or similar problem found while reading a row, before schema validation. */
export interface FeedRowProblem {
  row: number;
  message: string;
}

export interface ParsedFeed {
  rows: FeedRow[];
  problems: FeedRowProblem[];
  /** Stock numbers a delta feed withdraws, made storable (control characters removed, trimmed). */
  deleted: string[];
  /** CSV columns left out because a segment of their name is reserved (`__proto__.x`). */
  ignoredColumns: string[];
}

/** Maps a Content-Type header to a feed format, ignoring parameters such as charset. */
export function feedContentType(header: string | undefined): FeedContentType | null {
  const type = (header ?? '').split(';')[0]?.trim().toLowerCase();
  return (FEED_CONTENT_TYPES as readonly string[]).includes(type ?? '') ? (type as FeedContentType) : null;
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return { line, column: position - before.lastIndexOf('\n') };
}

/** Parses a JSON feed; a syntax error names its position (character offset, line and column). */
export function parseJsonFeed(body: Buffer): ParsedFeed {
  const text = body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const match = /position (\d+)/.exec(reason);
    const position = match ? Number(match[1]) : text.length;
    const { line, column } = lineAndColumn(text, position);
    throw new FeedFormatError(
      `Malformed JSON at position ${position} (line ${line}, column ${column}): ${reason}`,
      'body',
    );
  }
  const envelope = FeedEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw new FeedFormatError(
      'The body must be a JSON array of cars, or an object { "cars": [...], "deleted": [stocknum, ...] }',
      'body',
    );
  }
  const { cars, deleted } = Array.isArray(envelope.data) ? { cars: envelope.data, deleted: [] } : envelope.data;
  return {
    rows: cars.map((value, index) => ({ row: index + 1, value })),
    problems: [],
    deleted: deleted.map((stocknum) => storableText(stocknum).trim()).filter((stocknum) => stocknum !== ''),
    ignoredColumns: [],
  };
}

/**
 * Turns a CSV line into a feed car: empty cells are absent, list columns split on '|', and dotted
 * headers ('variant.cylinders') build nested objects (with no prototype). A column with a reserved
 * segment (`__proto__.x`) is never set: see `setPath`.
 */
export function csvCellsToCar(header: readonly string[], cells: readonly string[]): Record<string, unknown> {
  const car = Object.create(null) as Record<string, unknown>;
  header.forEach((column, index) => {
    const cell = cells[index]?.trim() ?? '';
    if (cell === '' || column === '') return;
    const value = FEED_LIST_FIELDS.has(column)
      ? cell
          .split('|')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : cell;
    setPath(car, column.split('.'), value);
  });
  return car;
}

/**
 * Streams a CSV feed through csv-parse. The header must name every required column; a line whose
 * cell count differs from the header's is a row problem, not a failure of the whole feed.
 */
export async function parseCsvFeed(body: Buffer): Promise<ParsedFeed> {
  const parser = parse(body, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: false });
  const rows: FeedRow[] = [];
  const problems: FeedRowProblem[] = [];
  let header: string[] | null = null;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (header === null) {
        header = cells.map((cell) => cell.trim());
        const missing = FEED_REQUIRED_FIELDS.filter((field) => !header?.includes(field));
        if (missing.length > 0) {
          throw new FeedFormatError(
            `The CSV header is missing the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Required: ${FEED_REQUIRED_FIELDS.join(', ')}.`,
            'header',
          );
        }
        continue;
      }
      const row = rows.length + problems.length + 1;
      if (cells.length !== header.length) {
        problems.push({ row, message: `The line has ${cells.length} cells but the header has ${header.length}` });
        continue;
      }
      rows.push({ row, value: csvCellsToCar(header, cells) });
    }
  } catch (error) {
    if (error instanceof FeedFormatError) throw error;
    throw new FeedFormatError(`Malformed CSV: ${error instanceof Error ? error.message : String(error)}`, 'body');
  }
  if (header === null)
    throw new FeedFormatError(
      `The CSV is empty: it needs a header row naming ${FEED_REQUIRED_FIELDS.join(', ')}.`,
      'header',
    );
  const ignoredColumns = header.filter((column) => column.split('.').some(isReservedKey));
  return { rows, problems, deleted: [], ignoredColumns };
}

export const parseFeed = (contentType: FeedContentType, body: Buffer): Promise<ParsedFeed> =>
  contentType === 'text/csv' ? parseCsvFeed(body) : Promise.resolve(parseJsonFeed(body));
