import { z } from 'zod';
import { FeedNumberSchema } from './primitives';

const amount = FeedNumberSchema.nullish();

const FinanceLenderFieldsSchema = z.object({
  interestRate: amount,
  comparisonRate: amount,
  paymentWeek: amount,
  paymentMonth: amount,
  deposit: amount,
  termYears: amount,
  balloon: amount,
  disclaimer: z.string().nullish(),
  establishmentFees: amount,
  totalPayable: amount,
  financeProvider: z.string().nullish(),
  termMonths: amount,
  termWeeks: amount,
});

// Lenders add per-term payments as term{N} keys (term36, term60, ...); other extra keys pass through.
const FinanceLenderTermsSchema = z.looseRecord(z.templateLiteral(['term', z.int()]), amount);

export const FinanceLenderEntrySchema = z.intersection(FinanceLenderFieldsSchema, FinanceLenderTermsSchema);
export type FinanceLenderEntry = z.infer<typeof FinanceLenderEntrySchema>;

/** Keyed by finance provider name. */
export const FinanceLendersSchema = z.record(z.string(), FinanceLenderEntrySchema.nullable());
export type FinanceLenders = z.infer<typeof FinanceLendersSchema>;
