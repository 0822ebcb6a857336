import type { z } from 'zod';
import { LEAD_FORMS, leadFormSchema } from '../leads/lead-forms';
import { CheckoutRequestSchema, OnlinePaymentRequestSchema } from '../reservations/checkout-request';

/** Fields a shopper may write over several lines; every other text field of a form is one line. */
const MULTI_LINE = new Set(['message']);

const issuesAt = (schema: z.ZodType, key: string, value: string, base: Record<string, unknown>) =>
  (schema.safeParse({ ...base, [key]: value }).error?.issues ?? []).filter((issue) => issue.path[0] === key);

/**
 * Every free-text field of every form (those that take 'a b'), found from the schemas themselves so
 * a field added later is covered: a line break or control character in a single-line field would
 * reach the dealer's plain-text email as a line of its own ('Phone: ...', 'Lead id: ...').
 */
const forms: [string, z.ZodType, Record<string, unknown>, string[]][] = [
  ...LEAD_FORMS.map((kind): [string, z.ZodType, Record<string, unknown>, string[]] => {
    const schema = leadFormSchema(kind);
    return [`lead form ${kind}`, schema, { form: kind }, Object.keys(schema.shape)];
  }),
  ['checkout', CheckoutRequestSchema, {}, Object.keys(CheckoutRequestSchema.shape)],
  ['online payment', OnlinePaymentRequestSchema, {}, Object.keys(OnlinePaymentRequestSchema.shape)],
];

describe.each(forms)('%s', (_name, schema, base, keys) => {
  const freeText = keys.filter((key) => key !== 'form' && issuesAt(schema, key, 'a b', base).length === 0);

  it('has free-text fields to check', () => {
    expect(freeText.length).toBeGreaterThan(0);
  });

  it.each(['a\r\nPhone: 0400 000 000', 'a\nb', 'a\rb', 'a\u2028b', 'a\u0085b', 'a\tb', 'a\u001bb'])(
    'refuses %j in every single-line field and keeps line breaks in multi-line ones',
    (value) => {
      for (const key of freeText) {
        const issues = issuesAt(schema, key, value, base);
        if (MULTI_LINE.has(key)) {
          if (/[\r\n\t]/.test(value) && !value.includes('\u001b')) expect({ key, issues }).toEqual({ key, issues: [] });
        } else {
          expect({ key, refused: issues.length > 0 }).toEqual({ key, refused: true });
        }
      }
    },
  );
});
