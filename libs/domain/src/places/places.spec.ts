import { DeliveryRegionSchema } from '../site-config/site-config.schema';
import { deliveryEstimateText, deliveryQuote } from './delivery';
import { distanceKm, EARTH_RADIUS_KM } from './distance';

const MELBOURNE = { lat: -37.8136, lng: 144.9631 };
const SYDNEY = { lat: -33.8688, lng: 151.2093 };
const GEELONG = { lat: -38.1499, lng: 144.3617 };

describe('distanceKm (Earth radius 6371 km)', () => {
  it.each([
    ['Melbourne to Sydney', MELBOURNE, SYDNEY, 713],
    ['Melbourne to Geelong', MELBOURNE, GEELONG, 65],
    ['a point to itself', SYDNEY, SYDNEY, 0],
  ])('%s is %s km', (_name, a, b, km) => {
    expect(Math.round(distanceKm(a, b))).toBe(km);
  });

  it('uses the radius the specification fixes: a quarter meridian is pi/2 x 6371', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo((Math.PI / 2) * EARTH_RADIUS_KM, 6);
  });
});

describe('deliveryQuote', () => {
  const regions = [
    { name: 'Metro', price: 0, max_km: 50 },
    { name: 'Regional', price: 450, max_km: 300 },
    { name: 'Interstate', price: 1200, max_km: 1000 },
    { name: 'Tasmania', price: 1500, postcodes: [{ from: '7000', to: '7999' }] },
  ].map((r) => DeliveryRegionSchema.parse(r));

  it('picks the nearest band that reaches the destination, named by the postcode, not the band', () => {
    expect(deliveryQuote({ regions, postcode: '3220', from: MELBOURNE, to: GEELONG })).toEqual({
      price: 450,
      name: 'postcode 3220',
      distance_km: 65,
    });
    expect(deliveryQuote({ regions, postcode: '2000', from: MELBOURNE, to: SYDNEY })).toEqual({
      price: 1200,
      name: 'postcode 2000',
      distance_km: 713,
    });
    expect(deliveryQuote({ regions, postcode: '3000', from: MELBOURNE, to: MELBOURNE })).toEqual({
      price: 0,
      name: 'postcode 3000',
      distance_km: 0,
    });
  });

  it("never answers with a band's label: a band is a distance, and 1,800 km from Brisbane reaches Sydney", () => {
    const bands = [{ name: 'Queensland', price: 750, max_km: 1800 }].map((r) => DeliveryRegionSchema.parse(r));
    const BRISBANE = { lat: -27.4698, lng: 153.0251 };
    const quote = { price: 750, name: 'postcode 2000', distance_km: 732 };
    expect(deliveryQuote({ regions: bands, postcode: '2000', from: BRISBANE, to: SYDNEY })).toEqual(quote);
    expect(deliveryEstimateText(quote)).toBe('Estimated delivery to postcode 2000 (about 732 km away): $750');
  });

  it("words a postcode region's estimate by its name, with the distance when it is known", () => {
    expect(deliveryEstimateText({ price: 1500, name: 'Tasmania', distance_km: null })).toBe(
      'Estimated delivery to Tasmania: $1,500',
    );
    expect(deliveryEstimateText({ price: 1500, name: 'Tasmania', distance_km: 1234 })).toBe(
      'Estimated delivery to Tasmania (about 1,234 km away): $1,500',
    );
  });

  it('lets a postcode region win over distance bands, even without coordinates', () => {
    expect(deliveryQuote({ regions, postcode: '7000', from: MELBOURNE, to: null })).toEqual({
      price: 1500,
      name: 'Tasmania',
      distance_km: null,
    });
  });

  it('has no estimate beyond every band, without coordinates, or with no regions', () => {
    expect(deliveryQuote({ regions, postcode: '6000', from: MELBOURNE, to: { lat: -31.95, lng: 115.86 } })).toBeNull();
    expect(deliveryQuote({ regions, postcode: '3220', from: null, to: GEELONG })).toBeNull();
    expect(deliveryQuote({ regions: [], postcode: '3000', from: MELBOURNE, to: MELBOURNE })).toBeNull();
  });

  it('refuses a region with both or neither of max_km and postcodes', () => {
    expect(DeliveryRegionSchema.safeParse({ name: 'X', price: 1 }).success).toBe(false);
    expect(
      DeliveryRegionSchema.safeParse({ name: 'X', price: 1, max_km: 5, postcodes: [{ from: '3000', to: '3001' }] })
        .success,
    ).toBe(false);
    expect(
      DeliveryRegionSchema.safeParse({ name: 'X', price: 1, postcodes: [{ from: '3001', to: '3000' }] }).success,
    ).toBe(false);
  });
});
