import { z } from 'zod';
import { hasControlCharacters } from '@platform/domain';

/**
 * Plain text of at most `max` characters: no control characters (a NUL or an escape sequence is
 * never part of what a shopper means), bounded like the columns it ends up in.
 */
export const plainText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), `${field} must be plain text: remove control characters`);

/** A whole number in [min, max], its message naming the field. */
export const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/** A number in [min, max] (finite), its message naming the field. */
export const amount = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/** How a shopper names a car: the reference the site's pages use (the end of its page address) or its stock number. */
export const carReference = (field = 'car') =>
  plainText(field, 200)
    .refine((value) => value.trim() !== '', `${field} must name a car: its reference or stock number`)
    .describe(
      "The car's reference (the last part of its page address, as search_cars answers it) or its stock number.",
    );
