import { z } from 'zod';
import {
  AustralianPhoneSchema,
  EmailSchema,
  PostcodeSchema,
  REQUIRED_MESSAGES,
  TermsAcceptedSchema,
} from '../leads/fields';
import { formText, requiredFormText } from '../forms/form-text';

/**
 * What the checkout page, the Online Purchase journey and /online-payment send. Shared by the web
 * forms and the api so the two never disagree; every text is bounded to what the tables keep.
 */
export const CHECKOUT_MESSAGES = {
  car_id: 'Please choose a vehicle.',
  payment_method: 'Please choose how you would like to pay.',
  delivery_method: 'Please choose delivery or pickup.',
  trade_in: 'Please value your trade-in again: that valuation was not found.',
  reference: 'Please enter the reference on your invoice or booking.',
  amount: 'Please enter an amount in whole dollars.',
} as const;

const text = formText;
const requiredText = requiredFormText;

/** The shopper's contact details: the dealer calls them back, so the phone is required here. */
export const CheckoutContactSchema = z.strictObject({
  name: requiredText(REQUIRED_MESSAGES.name, 100),
  last_name: text(100).optional(),
  email: EmailSchema.pipe(z.string().max(254, 'Please keep this under 254 characters.')),
  phone: AustralianPhoneSchema,
  postcode: z.union([PostcodeSchema, z.literal('')]).optional(),
});
export type CheckoutContact = z.output<typeof CheckoutContactSchema>;

/** The Online Purchase journey's choices (issue 21 §7); the server re-prices what it can. */
export const PurchaseSelectionsSchema = z.strictObject({
  /** A trade-in valued on this site (the trade_in lead the valuation step made), or none. */
  trade_in_lead_id: z.uuid({ error: CHECKOUT_MESSAGES.trade_in }).nullable(),
  payment_method: z.enum(['finance', 'pay_in_full'], { error: CHECKOUT_MESSAGES.payment_method }),
  /** The calculator's figures when paying with finance (whole dollars, years, the weekly estimate). */
  finance: z
    .strictObject({
      deposit: z.number().int().min(0).max(250_000),
      term_years: z.number().int().min(1).max(7),
      weekly_repayment: z.number().int().min(0).max(100_000).nullable(),
    })
    .nullable(),
  delivery: z.discriminatedUnion(
    'method',
    [
      z.strictObject({ method: z.literal('pickup') }),
      z.strictObject({ method: z.literal('delivery'), postcode: PostcodeSchema }),
    ],
    { error: CHECKOUT_MESSAGES.delivery_method },
  ),
});
export type PurchaseSelections = z.output<typeof PurchaseSelectionsSchema>;

/** POST /api/sites/{site}/reservations: reserve a car, or finish an Online Purchase with its deposit. */
export const CheckoutRequestSchema = CheckoutContactSchema.extend({
  /** The car's slug or numeric id. */
  car_id: requiredText(CHECKOUT_MESSAGES.car_id, 200),
  terms_conditions: TermsAcceptedSchema,
  purchase: PurchaseSelectionsSchema.optional(),
});
export type CheckoutRequest = z.output<typeof CheckoutRequestSchema>;

/** POST /api/sites/{site}/online-payments: pay an amount against a dealer reference. */
export const OnlinePaymentRequestSchema = CheckoutContactSchema.extend({
  reference: requiredText(CHECKOUT_MESSAGES.reference, 60),
  /** Whole dollars; the site's online_payment_max bounds it on the server. */
  amount: z.coerce
    .number({ error: CHECKOUT_MESSAGES.amount })
    .int(CHECKOUT_MESSAGES.amount)
    .min(1, CHECKOUT_MESSAGES.amount)
    .max(1_000_000, CHECKOUT_MESSAGES.amount),
  dealership_slug: text(200).optional(),
  terms_conditions: TermsAcceptedSchema,
});
export type OnlinePaymentRequest = z.output<typeof OnlinePaymentRequestSchema>;
