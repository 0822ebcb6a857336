import { z } from 'zod';
import { REFUND_REASONS, RESERVATION_STATUSES } from '@platform/domain';
import { apiGetOrNull, segment } from './client';

/** What a checkout answer gives the browser to pay with: the local pay page, or Stripe's client secret. */
export const PaymentAnswerSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  client_secret: z.string().nullable(),
  pay_url: z.string().nullable(),
  publishable_key: z.string().nullable(),
});
export type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>;

export const ReservationViewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['reserve', 'purchase']),
  status: z.enum(RESERVATION_STATUSES),
  car: z.object({
    title: z.string(),
    slug: z.string(),
    stocknum: z.string().optional(),
    make: z.string().optional(),
    model: z.string().optional(),
    price: z.object({ text: z.string() }).passthrough().optional(),
    image: z.string().nullable().optional(),
    location: z.string().nullable().optional(),
    dealership: z.string().optional(),
  }),
  deposit: z.number(),
  payment_reference: z.string().nullable(),
  payment_deadline: z.string(),
  hold_expires_at: z.string().nullable(),
  payment_error: z.string().nullable(),
  refunded: z.boolean(),
  /** A deposit going back: why, whether it has gone, and the line the shopper is shown. */
  refund: z
    .object({
      state: z.enum(['pending', 'refunded']),
      reason: z.enum(REFUND_REASONS).nullable(),
      message: z.string(),
    })
    .nullable()
    .optional(),
  selections: z.record(z.string(), z.unknown()).nullable(),
});
export type ReservationView = z.infer<typeof ReservationViewSchema>;

export const ReservationAnswerSchema = z.object({
  reservation: ReservationViewSchema,
  payment: PaymentAnswerSchema.nullable(),
});
export type ReservationAnswer = z.infer<typeof ReservationAnswerSchema>;

export const OnlinePaymentAnswerSchema = z.object({
  online_payment: z.object({
    id: z.uuid(),
    status: z.enum(['pending_payment', 'paid', 'abandoned']),
    reference: z.string(),
    amount: z.number(),
    payment_reference: z.string().nullable(),
    payment_error: z.string().nullable(),
    paid_at: z.string().nullable(),
  }),
  payment: PaymentAnswerSchema.nullable(),
});
export type OnlinePaymentAnswer = z.infer<typeof OnlinePaymentAnswerSchema>;

export const LocalPaymentSchema = z.object({
  id: z.uuid(),
  amount_cents: z.number(),
  currency: z.string(),
  description: z.string(),
  status: z.enum(['requires_payment', 'succeeded', 'canceled']),
  return_path: z.string(),
  site: z.string(),
});
export type LocalPayment = z.infer<typeof LocalPaymentSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A reservation of this site, or null when there is none by that id. */
export async function getReservation(siteSlug: string, id: string): Promise<ReservationAnswer | null> {
  if (!UUID.test(id)) return null;
  return apiGetOrNull(`/api/sites/${segment(siteSlug)}/reservations/${id}`, ReservationAnswerSchema, {
    cache: 'no-store',
  });
}

export async function getOnlinePayment(siteSlug: string, id: string): Promise<OnlinePaymentAnswer | null> {
  if (!UUID.test(id)) return null;
  return apiGetOrNull(`/api/sites/${segment(siteSlug)}/online-payments/${id}`, OnlinePaymentAnswerSchema, {
    cache: 'no-store',
  });
}

/** A local test payment; null when there is none, or the install takes real payments. */
export async function getLocalPayment(id: string): Promise<LocalPayment | null> {
  if (!UUID.test(id)) return null;
  return apiGetOrNull(`/api/payments/local/${id}`, LocalPaymentSchema, { cache: 'no-store' });
}
