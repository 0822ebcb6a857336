import { buildSearchDocument, type SearchDocument, type StoredCar } from '@platform/domain';

export const NOW = new Date('2026-06-15T02:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number): Date => new Date(NOW.getTime() - days * DAY);
export const daysAhead = (days: number): Date => new Date(NOW.getTime() + days * DAY);

const DEALERSHIPS = {
  1: { id: 1, slug: 'north-motors', name: 'North Motors' },
  2: { id: 2, slug: 'south-motors', name: 'South Motors' },
  3: { id: 3, slug: 'other-site-motors', name: 'Other Site Motors' },
} as const;
const LOCATIONS = {
  1: { id: 11, name: 'North Motors Sales', city: 'Brisbane', state: 'QLD' },
  2: { id: 21, name: 'South Motors Used', city: 'Gold Coast', state: 'QLD' },
  3: { id: 31, name: 'Other Site Motors', city: 'Perth', state: 'WA' },
} as const;

type CarInput = Partial<StoredCar> & Pick<StoredCar, 'id' | 'make' | 'model'>;

export function car(input: CarInput): StoredCar {
  return {
    dealership_id: 1,
    location_id: null,
    stocknum: `S${input.id}`,
    slug: `car-${input.id}`,
    car_type: 'used',
    status: 'in_stock',
    badge: null,
    year: 2020,
    price: 30000,
    before_price: null,
    subscription_price: null,
    km: 50000,
    simple_body: 'suv',
    simple_fuel: 'Petrol',
    simple_transmission: 'Automatic',
    simple_drive: '4x2',
    colour: 'White',
    seats: 5,
    tag: null,
    certified: false,
    reserved: false,
    show_on_dealer_website: true,
    sold_date: null,
    listed_until: null,
    custom_rank: 0,
    created_at: daysAgo(30),
    updated_at: daysAgo(1),
    data: {},
    ...input,
  };
}

export const SITE_ID = 101;

export function documentOf(stored: StoredCar, siteId = SITE_ID): SearchDocument {
  const dealership = DEALERSHIPS[stored.dealership_id as 1 | 2 | 3];
  return buildSearchDocument(stored, { siteId, dealership, location: LOCATIONS[stored.dealership_id as 1 | 2 | 3] });
}

/**
 * A small stock with one of every visibility case. Visible in the site scope (dealerships 1 and 2):
 * ids 1-8 and 10 (sold 2 days ago, listed 3 days). Hidden: 9 (sold 4 days ago), 11 (not on the
 * website), 12 (dealership 3, outside the scope).
 */
export const STOCK: StoredCar[] = [
  car({
    id: 1,
    make: 'Toyota',
    model: 'Hilux',
    badge: 'SR5',
    year: 2022,
    price: 52990,
    km: 31000,
    simple_body: 'ute',
    custom_rank: 50,
    car_type: 'used',
    colour: 'White',
    data: { vin: 'JTEBU3FJ10K123456', regplate: '123ABC', categories: ['Special Offers'] },
  }),
  car({
    id: 2,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent Sport',
    year: 2019,
    price: 21990,
    km: 68000,
    simple_body: 'hatch',
    custom_rank: 40,
    colour: 'Red',
  }),
  car({
    id: 3,
    make: 'Toyota',
    model: 'RAV4',
    badge: 'GX',
    year: 2024,
    price: 41990,
    km: 10,
    car_type: 'new',
    custom_rank: 30,
    created_at: daysAgo(2),
    colour: 'Blue',
  }),
  car({
    id: 4,
    make: 'Mazda',
    model: 'CX-5',
    badge: 'Maxx',
    year: 2021,
    price: 33990,
    km: 45000,
    dealership_id: 2,
    custom_rank: 20,
    colour: 'Red',
  }),
  car({
    id: 5,
    make: 'Mazda',
    model: 'BT-50',
    badge: 'XT',
    year: 2023,
    price: 0,
    km: 12000,
    simple_body: 'ute',
    dealership_id: 2,
    custom_rank: 10,
    status: 'coming_soon',
  }),
  car({
    id: 6,
    make: 'Isuzu',
    model: 'D-Max',
    badge: 'LS-U',
    year: 2023,
    price: 58990,
    km: 5,
    car_type: 'demo',
    simple_body: 'ute',
    custom_rank: 60,
    colour: 'White',
    data: { categories: ['Special Offers', 'Clearance'] },
  }),
  car({
    id: 7,
    make: 'Isuzu',
    model: 'MU-X',
    badge: 'LS-T',
    year: 2018,
    price: 29990,
    km: 120000,
    custom_rank: 5,
    colour: 'Grey',
    seats: 7,
  }),
  car({
    id: 8,
    make: 'Suzuki',
    model: 'Swift',
    badge: 'GL',
    year: 2017,
    price: 12990,
    km: 90000,
    simple_body: 'hatch',
    custom_rank: 1,
    colour: 'White',
  }),
  car({
    id: 9,
    make: 'Toyota',
    model: 'Camry',
    year: 2018,
    price: 19990,
    status: 'sold',
    sold_date: daysAgo(4),
    listed_until: daysAgo(1),
  }),
  car({
    id: 10,
    make: 'Toyota',
    model: 'Yaris',
    year: 2016,
    price: 9990,
    status: 'sold',
    sold_date: daysAgo(2),
    listed_until: daysAhead(1),
    simple_body: 'hatch',
    colour: 'Silver',
    // The feed ranked it first before it sold: relevance still puts it after every available car.
    custom_rank: 99,
  }),
  car({ id: 11, make: 'Toyota', model: 'Prado', year: 2020, price: 69990, show_on_dealer_website: false }),
  car({ id: 12, make: 'Toyota', model: 'Hilux', year: 2021, price: 48990, dealership_id: 3 }),
];

export const VISIBLE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 10];
