import { priceTypeLabel } from './price-type';

describe('priceTypeLabel', () => {
  it.each([
    ['DAP', 'Drive away'],
    ['dap', 'Drive away'],
    ['Drive-Away', 'Drive away'],
    ['EGC', 'Excl. government charges'],
    ['ORC', 'Plus on-road costs'],
  ])('spells out %p as %p and keeps the abbreviation', (sent, text) => {
    expect(priceTypeLabel(sent, 'price')).toEqual({ text, abbreviation: sent });
  });

  it('shows an unknown basis as sent, with nothing to expand', () => {
    expect(priceTypeLabel('Special offer', 'price')).toEqual({ text: 'Special offer', abbreviation: null });
  });

  it.each([null, undefined, '', '   '])('shows nothing for %p', (sent) => {
    expect(priceTypeLabel(sent, 'price')).toBeNull();
  });

  it.each(['offer', 'price'] as const)('applies to a %p shown in car dollars', (kind) => {
    expect(priceTypeLabel('DAP', kind)).toEqual({ text: 'Drive away', abbreviation: 'DAP' });
  });

  it("never calls a subscription's weekly amount a drive-away price: it says it is a subscription", () => {
    expect(priceTypeLabel('DAP', 'subscription')).toEqual({ text: 'Subscription', abbreviation: null });
    expect(priceTypeLabel(null, 'subscription')).toEqual({ text: 'Subscription', abbreviation: null });
  });

  it.each(['preorder', 'no_price'] as const)('says nothing beside %p, which is no amount', (kind) => {
    expect(priceTypeLabel('DAP', kind)).toBeNull();
  });
});
