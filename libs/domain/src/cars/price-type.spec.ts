import { priceTypeLabel } from './price-type';

describe('priceTypeLabel', () => {
  it.each([
    ['DAP', 'Drive away'],
    ['dap', 'Drive away'],
    ['Drive-Away', 'Drive away'],
    ['EGC', 'Excl. government charges'],
    ['ORC', 'Plus on-road costs'],
  ])('spells out %p as %p and keeps the abbreviation', (sent, text) => {
    expect(priceTypeLabel(sent)).toEqual({ text, abbreviation: sent });
  });

  it('shows an unknown basis as sent, with nothing to expand', () => {
    expect(priceTypeLabel('Special offer')).toEqual({ text: 'Special offer', abbreviation: null });
  });

  it.each([null, undefined, '', '   '])('shows nothing for %p', (sent) => {
    expect(priceTypeLabel(sent)).toBeNull();
  });
});
