import { z } from 'zod';

/**
 * What PostgreSQL can store, so a value that passes a schema never fails the write: `integer`
 * columns hold -2^31..2^31-1, and `text`/`jsonb` cannot hold U+0000 at all.
 */
export const PG_INT_MAX = 2_147_483_647;
export const PG_INT_MIN = -2_147_483_648;

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;
// C0 controls other than tab, line feed and carriage return, and DEL: never meaningful in a
// name, code or single-line field, and they break layouts, logs and CSV exports.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_GLOBAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

// Everything that can end a line in some reader (CR, LF, NEL, U+2028, U+2029) and every other C0
// control and DEL: a single-line value holding one could start a line of its own in a plain-text
// email, a log or a CSV export.
// eslint-disable-next-line no-control-regex
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001F\u007F\u0085\u2028\u2029]/;

export const hasNul = (text: string): boolean => NUL.test(text);
export const isSingleLine = (text: string): boolean => !LINE_BREAK_OR_CONTROL.test(text);
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);
/** Removes the control characters `hasControlCharacters` finds (keeps tab and line breaks). */
export const stripControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS_GLOBAL, '');

/**
 * Text a person typed or a system sent, bounded to `max` characters and refusing control
 * characters (NUL included), with a message that names the fix.
 */
export const plainTextSchema = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((text) => !hasControlCharacters(text), { message: 'must not contain control characters (such as NUL)' });

/**
 * A record schema that refuses an own `__proto__` key as an unknown key. JSON.parse makes that key
 * an own property (assigning it would set the prototype instead) and zod 4 skips it when it parses
 * a record, so without this it vanishes silently where every other unknown key is refused. Wrap
 * every record that takes client input.
 */
export function refusingProtoKey<T extends z.ZodType>(record: T): T {
  return z.preprocess((input, ctx) => {
    if (typeof input === 'object' && input !== null && !Array.isArray(input) && Object.hasOwn(input, '__proto__'))
      ctx.addIssue({ code: 'unrecognized_keys', keys: ['__proto__'], input: input as Record<string, unknown> });
    return input;
    // The wrapper only adds a check before the record's own parse: its input and output types are the record's.
  }, record) as unknown as T;
}

/** A whole number an `integer` column can hold, within [min, max] (defaults: the column's range). */
export const pgIntSchema = (min = PG_INT_MIN, max = PG_INT_MAX) =>
  z.int().min(min, `must be ${min} or more`).max(max, `must be ${max} or less`);

// Feeds and APIs often send numbers as strings ("29990", "-37.81"); accept both, output a number.
const numericString = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;

export const FeedNumberSchema = z.preprocess(numericString, z.number());
export const FeedIntSchema = z.preprocess(numericString, z.int());
/** A row id: a positive `integer`, so an id past the column's range is a 400, not a failed query. */
export const IdSchema = z.preprocess(
  numericString,
  z.int().positive().max(PG_INT_MAX, `must be ${PG_INT_MAX} or less`),
);

// Codes such as postcodes and licence numbers sometimes arrive as numbers; keep them as text.
export const FeedStringSchema = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z.string(),
);
