import { formatDollars, priceDisplay, type PriceDisplayInput } from './price-display';

describe('formatDollars', () => {
  it.each([
    [45990, '$45,990'],
    [999, '$999'],
    [1000, '$1,000'],
    [1234567, '$1,234,567'],
    [0, '$0'],
    [199.6, '$200'],
    [-1500, '-$1,500'],
  ])('%p -> %s', (amount, text) => {
    expect(formatDollars(amount)).toBe(text);
  });
});

describe('priceDisplay (spec 000 §4 Price display order)', () => {
  const on = { subscriptionEnabled: true };
  const off = { subscriptionEnabled: false };

  it.each<
    [string, PriceDisplayInput, { subscriptionEnabled: boolean; noPriceText?: string }, ReturnType<typeof priceDisplay>]
  >([
    [
      'subscription when offered and above 0',
      { price: 45990, subscription_price: 199 },
      on,
      { kind: 'subscription', amount: 199, text: '$199/wk', was: null },
    ],
    [
      'subscription wins over an offer and ignores before_price',
      { price: 45990, offer_price: 43990, before_price: 50000, subscription_price: 1199 },
      on,
      { kind: 'subscription', amount: 1199, text: '$1,199/wk', was: null },
    ],
    [
      'subscription price 0 falls through',
      { price: 45990, subscription_price: 0 },
      on,
      { kind: 'price', amount: 45990, text: '$45,990', was: null },
    ],
    [
      'subscription not offered by the dealer',
      { price: 45990, subscription_price: 199 },
      off,
      { kind: 'price', amount: 45990, text: '$45,990', was: null },
    ],
    [
      'offer below price',
      { price: 45990, offer_price: 43990 },
      off,
      { kind: 'offer', amount: 43990, text: '$43,990', was: null },
    ],
    [
      'offer equal to price is no reduction',
      { price: 45990, offer_price: 45990 },
      off,
      { kind: 'price', amount: 45990, text: '$45,990', was: null },
    ],
    [
      'offer above price is ignored',
      { price: 45990, offer_price: 47990 },
      off,
      { kind: 'price', amount: 45990, text: '$45,990', was: null },
    ],
    [
      'offer 10 is not a price',
      { price: 45990, offer_price: 10 },
      off,
      { kind: 'price', amount: 45990, text: '$45,990', was: null },
    ],
    [
      'offer 11 is a price',
      { price: 45990, offer_price: 11 },
      off,
      { kind: 'offer', amount: 11, text: '$11', was: null },
    ],
    [
      'offer without a price to reduce',
      { price: null, offer_price: 43990 },
      off,
      { kind: 'no_price', amount: null, text: 'Enquire for price.', was: null },
    ],
    ['price 11', { price: 11 }, off, { kind: 'price', amount: 11, text: '$11', was: null }],
    ['price 10', { price: 10 }, off, { kind: 'no_price', amount: null, text: 'Enquire for price.', was: null }],
    ['price 0', { price: 0 }, off, { kind: 'no_price', amount: null, text: 'Enquire for price.', was: null }],
    [
      'no fields at all',
      {},
      {} as { subscriptionEnabled: boolean },
      { kind: 'no_price', amount: null, text: 'Enquire for price.', was: null },
    ],
    [
      'preorder without a price',
      { price: 0, preorder: true },
      off,
      { kind: 'preorder', amount: null, text: 'PREORDER', was: null },
    ],
    [
      'a price beats preorder',
      { price: 45990, preorder: true },
      off,
      { kind: 'price', amount: 45990, text: '$45,990', was: null },
    ],
    [
      'configured no-price text',
      { price: null },
      { ...off, noPriceText: 'Call for price' },
      { kind: 'no_price', amount: null, text: 'Call for price', was: null },
    ],
    [
      'empty no-price text uses the default',
      { price: null },
      { ...off, noPriceText: '' },
      { kind: 'no_price', amount: null, text: 'Enquire for price.', was: null },
    ],
    [
      'was-price above the price',
      { price: 45990, before_price: 49990 },
      off,
      { kind: 'price', amount: 45990, text: '$45,990', was: 49990 },
    ],
    [
      'was-price equal to the price',
      { price: 45990, before_price: 45990 },
      off,
      { kind: 'price', amount: 45990, text: '$45,990', was: null },
    ],
    [
      'was-price below the price',
      { price: 45990, before_price: 44990 },
      off,
      { kind: 'price', amount: 45990, text: '$45,990', was: null },
    ],
    [
      'was-price compared with the offer shown',
      { price: 45990, offer_price: 43990, before_price: 44990 },
      off,
      { kind: 'offer', amount: 43990, text: '$43,990', was: 44990 },
    ],
    [
      'no was-price on a no-price car',
      { price: 0, before_price: 49990 },
      off,
      { kind: 'no_price', amount: null, text: 'Enquire for price.', was: null },
    ],
  ])('%s', (_name, car, options, expected) => {
    expect(priceDisplay(car, options)).toEqual(expected);
  });

  it('defaults to no subscription and the default text', () => {
    expect(priceDisplay({ subscription_price: 199 })).toEqual({
      kind: 'no_price',
      amount: null,
      text: 'Enquire for price.',
      was: null,
    });
  });
});
