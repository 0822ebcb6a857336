import { findOffer, liveOffers, offerPath } from './offers';

const NOW = new Date('2026-01-14T23:00:00Z');
const OFFERS = [
  { id: 11, manufacturer: 'isuzu-ute', name: 'D-MAX' },
  { id: 12, manufacturer: null, name: 'Any' },
  { id: 13, manufacturer: null, name: 'Expired', expiry: '2026-01-14' },
  { id: 14, manufacturer: null, name: 'Later', start: '2026-02-01' },
];

describe('offers', () => {
  it('builds /offers/{manufacturer}/{id} or /offers/{id}', () => {
    expect(offerPath(OFFERS[0])).toBe('/offers/isuzu-ute/11');
    expect(offerPath(OFFERS[1])).toBe('/offers/12');
  });

  it('finds an offer by id, and by manufacturer and id', () => {
    expect(findOffer(OFFERS, ['12'], NOW)?.name).toBe('Any');
    expect(findOffer(OFFERS, ['11'], NOW)?.name).toBe('D-MAX');
    expect(findOffer(OFFERS, ['isuzu-ute', '11'], NOW)?.name).toBe('D-MAX');
  });

  it('finds nothing for the wrong manufacturer, a bad id, extra segments or an offer out of its dates', () => {
    expect(findOffer(OFFERS, ['toyota', '11'], NOW)).toBeNull();
    expect(findOffer(OFFERS, ['isuzu-ute', '12'], NOW)).toBeNull();
    expect(findOffer(OFFERS, ['011'], NOW)).toBeNull();
    expect(findOffer(OFFERS, ['a', 'b', '11'], NOW)).toBeNull();
    expect(findOffer(OFFERS, ['13'], NOW)).toBeNull();
    expect(findOffer(OFFERS, ['14'], NOW)).toBeNull();
    expect(liveOffers(OFFERS, NOW).map((o) => o.id)).toEqual([11, 12]);
  });
});
