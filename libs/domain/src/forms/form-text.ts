import { z } from 'zod';
import { hasControlCharacters, isSingleLine } from '../entities/primitives';

export const SINGLE_LINE_MESSAGE =
  'Please keep this on one line: remove line breaks, tabs and other control characters.';
export const CONTROL_CHARACTER_MESSAGE = 'Please remove control characters from this text.';

const tooLong = (max: number) => `Please keep this under ${max} characters.`;

/**
 * A single-line form field (a name, a select's value, a code): a line break in it would reach the
 * dealer's plain-text email as a forged line of its own, so it is refused, never cleaned silently.
 */
export const formText = (max: number) =>
  z.string().trim().max(max, tooLong(max)).refine(isSingleLine, SINGLE_LINE_MESSAGE);

/** A required single-line field: blank is `message`. */
export const requiredFormText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong(max)).refine(isSingleLine, SINGLE_LINE_MESSAGE);

/** A field the shopper may write over several lines (a message): line breaks and tabs are kept. */
export const multiLineFormText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .refine((text) => !hasControlCharacters(text), CONTROL_CHARACTER_MESSAGE);
