import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import {
  CHECKOUT_MESSAGES,
  CheckoutRequestSchema,
  leadFormErrors,
  OnlinePaymentRequestSchema,
  photoSrc,
  refundMessage,
  refundState,
  RESERVATION_MESSAGES,
  type CarPhotos,
  type CheckoutRequest,
  type GateableRoute,
  type OnlinePaymentRequest,
  type PurchaseSelections,
  type StoredPhoto,
} from '@platform/domain';
import {
  OnlinePaymentLedger,
  PaymentProviderError,
  PaymentProviders,
  ReservationLedger,
  type OnlinePaymentRecord,
  type ReservationRecord,
} from '@platform/reservations';
import { ENV, notFound, ProblemException } from '@platform/server-kit';
import type { ApiEnv } from '../env';
import { CarsService } from '../cars/cars.service';
import { SiteCars } from '../cars/site-cars';
import { formProblem } from '../leads/form-problem';
import { PlacesService } from '../places/places.service';
import { SessionReader } from '../sign-in/session-reader';
import { signInRequired } from '../sign-in/signed-in.guard';
import { SiteDirectory, type SiteContext } from '../sites/site-directory';

export interface CheckoutContext {
  idempotencyKey?: string;
  request: Request;
}

/** What the shopper's browser needs to pay: the provider and its client secret or pay page. */
export interface PaymentAnswer {
  provider: string;
  client_secret: string | null;
  pay_url: string | null;
  publishable_key: string | null;
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** The site paths of a reservation's and an online payment's confirmation pages. */
export const reservationPath = (id: string): string => `/reservations/${id}`;
export const onlinePaymentPath = (id: string): string => `/online-payment/${id}`;

/**
 * Checkout: validates what the shopper sent, takes the hold (the database decides a race), then
 * asks the payment provider for a payment. Nothing is charged before the hold exists, and a
 * provider that cannot start the payment ends the hold at once.
 */
@Injectable()
export class ReservationsService {
  private readonly logger = new Logger('Reservations');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ENV) private readonly env: ApiEnv,
    private readonly sites: SiteDirectory,
    private readonly cars: CarsService,
    private readonly siteCars: SiteCars,
    private readonly places: PlacesService,
    private readonly sessions: SessionReader,
    private readonly ledger: ReservationLedger,
    private readonly onlinePayments: OnlinePaymentLedger,
    private readonly payments: PaymentProviders,
  ) {}

  async reserve(
    siteSlug: string,
    body: unknown,
    context: CheckoutContext,
  ): Promise<{ created: boolean; reservation: ReturnType<typeof reservationView>; payment: PaymentAnswer | null }> {
    const site = await this.sites.bySlug(siteSlug);
    const request = parse(CheckoutRequestSchema, body);
    const carSlug = await this.carSlugOf(site, request.car_id);
    const detail = await this.cars.detail(site.slug, carSlug);
    const shopper = await this.gate(site, detail.config.gates.gated_routes, 'checkout', context.request);
    if (request.purchase && !detail.config.routes.online_purchase_enabled) {
      throw new ProblemException({
        status: 403,
        title: 'Online Purchase not offered',
        detail: 'This dealership does not offer Online Purchase. Reserve the car instead.',
      });
    }
    if (!detail.derived.can_reserve) throw unavailable();
    const selections = request.purchase ? await this.priceSelections(site, carSlug, request.purchase) : null;
    const contact = contactOf(request);
    const outcome = await this.ledger.hold({
      kind: request.purchase ? 'purchase' : 'reserve',
      siteId: site.id,
      dealershipId: detail.car.dealership_id,
      carId: detail.car.id,
      carSummary: {
        title: detail.car.name,
        slug: detail.car.slug,
        stocknum: detail.car.stocknum,
        make: detail.car.make,
        model: detail.car.model,
        price: detail.derived.price,
        image: primaryImage(detail.car),
        location: detail.location?.name ?? null,
        dealership: detail.dealership.name,
      },
      shopperId: shopper?.shopperId ?? null,
      contact,
      selections,
      depositCents: detail.derived.reserve_deposit * 100,
      currency: 'aud',
      provider: this.payments.current.provider,
      paymentTimeoutMinutes: detail.config.reservations.payment_timeout_minutes,
      idempotencyKey: context.idempotencyKey ? sha256(`${site.id}:${context.idempotencyKey}`) : null,
      requestHash: sha256(JSON.stringify({ ...request, shopper: shopper?.shopperId ?? null })),
    });
    if (outcome.outcome === 'taken') {
      throw new ProblemException({
        status: 409,
        title: 'Car already reserved',
        detail: RESERVATION_MESSAGES.taken,
        code: 'taken',
      });
    }
    if (outcome.outcome === 'key_reused') throw keyReused();
    const reservation =
      outcome.outcome === 'created'
        ? await this.startPayment(site, outcome.reservation, detail.car.name)
        : outcome.reservation;
    const session = await this.sessionOf(reservation.payment_provider, reservation.payment_ref);
    return {
      created: outcome.outcome === 'created',
      reservation: reservationView(reservation),
      payment: reservation.status === 'pending_payment' ? session : null,
    };
  }

  async reservation(siteSlug: string, id: string) {
    const site = await this.sites.bySlug(siteSlug);
    const reservation = await this.ledger.find(id);
    if (!reservation || reservation.site_id !== site.id) {
      throw notFound('Reservation not found', RESERVATION_MESSAGES.not_found);
    }
    return {
      reservation: reservationView(reservation),
      payment:
        reservation.status === 'pending_payment'
          ? await this.sessionOf(reservation.payment_provider, reservation.payment_ref)
          : null,
    };
  }

  async payOnline(siteSlug: string, body: unknown, context: CheckoutContext) {
    const site = await this.sites.bySlug(siteSlug);
    const request = parse(OnlinePaymentRequestSchema, body);
    const config = site.config;
    if (!config.reservations.online_payment_enabled) {
      throw notFound('Online payment not offered', 'This site does not take online payments.');
    }
    await this.gate(site, config.gates.gated_routes, 'online_payment', context.request);
    if (request.amount > config.reservations.online_payment_max) {
      throw formProblem([
        {
          path: 'amount',
          message: `Please enter an amount of no more than $${config.reservations.online_payment_max.toLocaleString('en-AU')}.`,
        },
      ]);
    }
    const dealershipId = await this.dealershipOf(site, request.dealership_slug);
    const opened = await this.onlinePayments.open({
      siteId: site.id,
      dealershipId,
      reference: request.reference,
      amountCents: request.amount * 100,
      currency: 'aud',
      contact: contactOf(request),
      provider: this.payments.current.provider,
      idempotencyKey: context.idempotencyKey ? sha256(`${site.id}:${context.idempotencyKey}`) : null,
      requestHash: sha256(JSON.stringify(request)),
    });
    if (opened.outcome === 'key_reused') throw keyReused();
    let payment = opened.payment;
    if (opened.outcome === 'created') {
      try {
        const session = await this.payments.current.createPayment({
          amountCents: payment.amount_cents,
          currency: payment.currency,
          description: `Payment against ${payment.reference} to ${site.name}`,
          purpose: 'online_payment',
          recordId: payment.id,
          siteSlug: site.slug,
          returnPath: onlinePaymentPath(payment.id),
          idempotencyKey: `online-payment-${payment.id}`,
          receiptEmail: request.email,
        });
        await this.onlinePayments.attachPayment(payment.id, session.ref);
        payment = { ...payment, payment_ref: session.ref };
      } catch (error) {
        await this.onlinePayments.abandon(payment.id, (error as Error).message);
        throw paymentUnavailable(error);
      }
    }
    return {
      created: opened.outcome === 'created',
      online_payment: onlinePaymentView(payment),
      payment:
        payment.status === 'pending_payment'
          ? await this.sessionOf(payment.payment_provider, payment.payment_ref)
          : null,
    };
  }

  async onlinePayment(siteSlug: string, id: string) {
    const site = await this.sites.bySlug(siteSlug);
    const payment = await this.onlinePayments.find(id);
    if (!payment || payment.site_id !== site.id) throw notFound('Payment not found', 'We could not find that payment.');
    return {
      online_payment: onlinePaymentView(payment),
      payment:
        payment.status === 'pending_payment'
          ? await this.sessionOf(payment.payment_provider, payment.payment_ref)
          : null,
    };
  }

  /** Asks the provider for the payment; if it cannot, the hold ends now and the shopper is told nothing was charged. */
  private async startPayment(site: SiteContext, reservation: ReservationRecord, title: string) {
    try {
      const session = await this.payments.current.createPayment({
        amountCents: reservation.deposit_cents,
        currency: reservation.currency,
        description: `Deposit to reserve the ${title} at ${String(reservation.car_summary['dealership'])}`,
        purpose: 'reservation',
        recordId: reservation.id,
        siteSlug: site.slug,
        returnPath: reservationPath(reservation.id),
        idempotencyKey: `reservation-${reservation.id}`,
        receiptEmail: String(reservation.contact['email']),
      });
      this.logger.log({ reservationId: reservation.id, site: site.slug }, 'reservation hold taken');
      return await this.ledger.attachPayment(reservation.id, session.ref);
    } catch (error) {
      await this.ledger.abandon(reservation.id, (error as Error).message);
      this.logger.warn({ reservationId: reservation.id, err: (error as Error).message }, 'payment not started');
      throw paymentUnavailable(error);
    }
  }

  /** The payment's browser side, read again from the provider: a client secret is never stored. */
  private async sessionOf(provider: string, ref: string | null): Promise<PaymentAnswer | null> {
    if (!ref || !this.payments.has(provider)) return null;
    const session = await this.payments.get(provider).resume(ref);
    return {
      provider,
      client_secret: session.clientSecret,
      pay_url: session.payUrl,
      publishable_key: provider === 'stripe' ? (this.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    };
  }

  /** A gated route needs a session on this site (spec 001 §6); a session, where there is one, names the shopper. */
  private async gate(site: SiteContext, gated: readonly GateableRoute[], route: GateableRoute, request: Request) {
    const shopper = await this.sessions.onSite(request, site.id);
    if (gated.includes(route) && !shopper) throw signInRequired();
    return shopper;
  }

  private async carSlugOf(site: SiteContext, carId: string): Promise<string> {
    if (!/^\d+$/.test(carId)) return carId;
    const found = await this.siteCars.byId(site.id, Number(carId));
    if (!found) throw formProblem([{ path: 'car_id', message: CHECKOUT_MESSAGES.car_id }]);
    return found.car.slug;
  }

  private async dealershipOf(site: SiteContext, dealershipSlug: string | undefined): Promise<number | null> {
    if (!dealershipSlug) return site.scope.dealershipIds.length === 1 ? site.scope.dealershipIds[0]! : null;
    const [row] = (await this.db.query(`SELECT id FROM dealerships WHERE site_id = $1 AND slug = $2`, [
      site.id,
      dealershipSlug,
    ])) as { id: number }[];
    if (!row) throw formProblem([{ path: 'dealership_slug', message: 'Please select a dealership.' }]);
    return row.id;
  }

  /**
   * The journey's choices, priced on the server: the trade-in's valuation (a trade_in lead of this
   * site), and delivery by the dealership's regions. The shopper's own figures are never trusted.
   */
  private async priceSelections(site: SiteContext, carSlug: string, purchase: PurchaseSelections) {
    let tradeIn: Record<string, unknown> | null = null;
    if (purchase.trade_in_lead_id) {
      const [row] = (await this.db.query(
        `SELECT l.id, l.fields, v.id AS valuation_id, v.status, v.low, v.high, v.valid_until
         FROM leads l LEFT JOIN valuations v ON v.id = l.valuation_id
         WHERE l.id = $1 AND l.site_id = $2 AND l.form = 'trade_in'`,
        [purchase.trade_in_lead_id, site.id],
      )) as {
        id: string;
        fields: Record<string, unknown>;
        valuation_id: string | null;
        status: string | null;
        low: number | null;
        high: number | null;
        valid_until: Date | null;
      }[];
      if (!row) throw formProblem([{ path: 'purchase.trade_in_lead_id', message: CHECKOUT_MESSAGES.trade_in }]);
      const vehicle = ['year', 'make', 'model', 'rego', 'rego_state', 'km']
        .map((key) => row.fields[key])
        .filter((value) => value !== undefined && value !== null && value !== '')
        .join(' ');
      tradeIn = {
        lead_id: row.id,
        vehicle,
        valuation_id: row.valuation_id,
        estimate:
          row.status === 'estimate'
            ? { low: row.low, high: row.high, valid_until: row.valid_until && new Date(row.valid_until).toISOString() }
            : null,
      };
    }
    let delivery: Record<string, unknown> = { method: 'pickup' };
    if (purchase.delivery.method === 'delivery') {
      const quote = await this.places.delivery(site.slug, carSlug, purchase.delivery.postcode);
      delivery = {
        method: 'delivery',
        postcode: purchase.delivery.postcode,
        price: quote?.price ?? null,
        region: quote?.name ?? null,
      };
    }
    return {
      trade_in: tradeIn,
      payment_method: purchase.payment_method,
      finance: purchase.payment_method === 'finance' ? purchase.finance : null,
      delivery,
    };
  }
}

function parse<S extends typeof CheckoutRequestSchema | typeof OnlinePaymentRequestSchema>(
  schema: S,
  body: unknown,
): S extends typeof CheckoutRequestSchema ? CheckoutRequest : OnlinePaymentRequest {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const { fields } = leadFormErrors(parsed.error);
    throw formProblem(Object.entries(fields).map(([path, message]) => ({ path, message })));
  }
  return parsed.data as never;
}

const contactOf = (request: CheckoutRequest | OnlinePaymentRequest) => ({
  name: request.name,
  ...(request.last_name ? { last_name: request.last_name } : {}),
  email: request.email,
  phone: request.phone,
  ...(request.postcode ? { postcode: request.postcode } : {}),
});

/** The car's picture for the checkout summary: its stored photo or the platform's own file, never a dealer's address. */
function primaryImage(car: {
  primary_image_url?: unknown;
  primary_photo: StoredPhoto | null;
  images: CarPhotos['images'];
}): string | null {
  const primary = typeof car.primary_image_url === 'string' ? car.primary_image_url : null;
  if (primary) return photoSrc(primary, car.primary_photo, SUMMARY_IMAGE_WIDTH);
  const first = car.images[0];
  return first ? photoSrc(first.url, first.photo, SUMMARY_IMAGE_WIDTH) : null;
}
const SUMMARY_IMAGE_WIDTH = 320;

const unavailable = () =>
  new ProblemException({
    status: 409,
    title: 'Car not available',
    detail: RESERVATION_MESSAGES.unavailable,
    code: 'unavailable',
  });

const keyReused = () =>
  new ProblemException({
    status: 422,
    title: 'Idempotency-Key reused',
    detail: 'This Idempotency-Key was already used for a different checkout. Send a new key with each new checkout.',
  });

const paymentUnavailable = (error: unknown) =>
  new ProblemException({
    status: error instanceof PaymentProviderError ? 502 : 503,
    title: 'Payment unavailable',
    detail: RESERVATION_MESSAGES.payment_unavailable,
  });

/**
 * A reservation as the shopper's pages read it: no contact details, which only ops see. A deposit
 * going back says why and whether it has gone (refund.message is the line the shopper is shown).
 */
export function reservationView(reservation: ReservationRecord) {
  const state = refundState(reservation);
  return {
    id: reservation.id,
    kind: reservation.kind,
    status: reservation.status,
    car: reservation.car_summary,
    deposit: reservation.deposit_cents / 100,
    currency: reservation.currency,
    payment_reference: reservation.payment_ref,
    payment_deadline: reservation.payment_deadline,
    hold_expires_at: reservation.hold_expires_at,
    payment_error: reservation.payment_error,
    refunded: reservation.status === 'refunded' || reservation.refund_ref !== null || reservation.refund_due,
    refund: state
      ? {
          state,
          reason: reservation.refund_reason,
          message: refundMessage(reservation.refund_reason, state),
          refunded_at: reservation.refunded_at,
        }
      : null,
    selections: reservation.selections,
    created_at: reservation.created_at,
  };
}

export function onlinePaymentView(payment: OnlinePaymentRecord) {
  return {
    id: payment.id,
    status: payment.status,
    reference: payment.reference,
    amount: payment.amount_cents / 100,
    currency: payment.currency,
    payment_reference: payment.payment_ref,
    payment_error: payment.payment_error,
    paid_at: payment.paid_at,
  };
}
