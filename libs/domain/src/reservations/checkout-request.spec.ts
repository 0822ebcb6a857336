import fc from 'fast-check';
import { MAX_RESERVE_DEPOSIT, reserveDeposit } from '../cars/reservation';
import { TERMS_MESSAGE } from '../leads/fields';
import { CheckoutRequestSchema, OnlinePaymentRequestSchema } from './checkout-request';
import { isActiveReservation, RESERVATION_STATUSES } from './reservation-status';

const valid = {
  car_id: 'toyota-hilux-1',
  name: 'Jane',
  email: 'jane@example.com',
  phone: '0412 345 678',
  terms_conditions: true,
};

describe('CheckoutRequestSchema', () => {
  it('accepts a reservation and an Online Purchase with its choices', () => {
    expect(CheckoutRequestSchema.safeParse(valid).success).toBe(true);
    const purchase = {
      ...valid,
      purchase: {
        trade_in_lead_id: null,
        payment_method: 'finance',
        finance: { deposit: 5000, term_years: 5, weekly_repayment: 123 },
        delivery: { method: 'delivery', postcode: '2000' },
      },
    };
    expect(CheckoutRequestSchema.safeParse(purchase).success).toBe(true);
  });

  it("names each bad field with the forms' messages, the terms with the specification's", () => {
    const result = CheckoutRequestSchema.safeParse({ car_id: '', email: 'x', phone: '12', terms_conditions: false });
    const byPath = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byPath).toMatchObject({
      car_id: 'Please choose a vehicle.',
      name: 'Please enter your name.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid Australian phone number.',
      terms_conditions: TERMS_MESSAGE,
    });
  });

  it('never lets through text longer than its column keeps, whatever is sent', () => {
    fc.assert(
      fc.property(
        fc.record({
          car_id: fc.string({ maxLength: 400 }),
          name: fc.string({ maxLength: 300 }),
          last_name: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
          email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 400 })),
          phone: fc.string({ maxLength: 30 }),
          terms_conditions: fc.constant(true),
          purchase: fc.option(fc.anything(), { nil: undefined }),
        }),
        (body) => {
          const parsed = CheckoutRequestSchema.safeParse(body);
          if (!parsed.success) return;
          expect(parsed.data.car_id.length).toBeLessThanOrEqual(200);
          expect(parsed.data.name.length).toBeLessThanOrEqual(100);
          expect((parsed.data.last_name ?? '').length).toBeLessThanOrEqual(100);
          expect(parsed.data.email.length).toBeLessThanOrEqual(254);
        },
      ),
    );
  });

  it('keeps an online payment to whole dollars of at least one', () => {
    const { car_id: _car, ...contact } = valid;
    const base = { ...contact, reference: 'INV-1' };
    expect(OnlinePaymentRequestSchema.safeParse({ ...base, amount: '350' }).data?.amount).toBe(350);
    for (const amount of [0, -5, 1.5, 'abc', 2_000_000]) {
      expect(OnlinePaymentRequestSchema.safeParse({ ...base, amount }).success).toBe(false);
    }
  });
});

describe('reserveDeposit', () => {
  it("is the car's own deposit, else the dealership's, else the amount the deposit text names", () => {
    expect(reserveDeposit(500, 300)).toBe(500);
    expect(reserveDeposit(null, 300)).toBe(300);
    expect(reserveDeposit(undefined, null)).toBe(200);
    expect(reserveDeposit(undefined, null, '$1,000')).toBe(1000);
    expect(reserveDeposit(0, null, 'Refundable')).toBe(200);
    expect(reserveDeposit('500', null)).toBe(200);
  });

  it('never takes a car deposit above what a reservation can charge (a value stored before the feed limit)', () => {
    expect(reserveDeposit(30_000_000, null)).toBe(200);
    expect(reserveDeposit(30_000_000, 500)).toBe(500);
    expect(reserveDeposit(MAX_RESERVE_DEPOSIT, null)).toBe(MAX_RESERVE_DEPOSIT);
    expect(reserveDeposit(MAX_RESERVE_DEPOSIT + 1, null)).toBe(200);
  });
});

describe('reservation statuses', () => {
  it('hold the car only while awaiting payment or held', () => {
    expect(RESERVATION_STATUSES.filter(isActiveReservation)).toEqual(['pending_payment', 'held']);
  });
});
