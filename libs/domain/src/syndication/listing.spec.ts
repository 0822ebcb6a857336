import fc from 'fast-check';
import { buildSearchDocument, type StoredCar } from '../search/build-document';
import { photoLookupOf, type StoredPhoto } from '../media/stored-photo';
import { GOOGLE_COLUMNS, META_COLUMNS, type SyndicationChannel } from './channels';
import { csvField, csvRecord } from './csv';
import { leadSourceOf, syndicationChannelOf } from './attribution';
import { LEFT_OUT_REASONS, leftOutPhrase, reasonSummary } from './left-out-reasons';
import { cellText, googleRow, leftOutReasons, listingFor, metaBodyStyle, metaRow, rowProblems } from './listing';
import type { ListingContext, ListingLocation, ListingSource } from './listing-source';
import { isValidVin, normaliseVin } from './vin';

const ORIGIN = 'https://www.harbourtoyota.com.au';
const hash = (n: number): string => n.toString(16).padStart(64, 'a');
const photo = (n: number, width = 2000, height = 1250): StoredPhoto => ({ hash: hash(n), width, height });
const dealerUrl = (n: number) => `https://dealer.example/photos/${n}.jpg`;

function car(overrides: Partial<StoredCar> = {}, data: Record<string, unknown> = {}): StoredCar {
  return {
    id: 7,
    dealership_id: 3,
    location_id: 11,
    stocknum: 'HTH10001',
    slug: '2022-toyota-corolla-ascent-sport-hth10001',
    car_type: 'used',
    status: 'in_stock',
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent Sport',
    year: 2022,
    price: 28990,
    before_price: null,
    subscription_price: null,
    km: 45120,
    simple_body: 'hatchback',
    simple_fuel: 'Petrol',
    simple_transmission: 'Automatic',
    simple_drive: 'FWD',
    colour: 'Eclipse Black',
    seats: 5,
    tag: null,
    certified: false,
    reserved: false,
    show_on_dealer_website: true,
    sold_date: null,
    listed_until: null,
    custom_rank: 0,
    created_at: new Date('2025-03-04T01:02:03Z'),
    updated_at: new Date('2025-03-05T01:02:03Z'),
    data: { images: [1, 2, 3].map((n) => ({ url: dealerUrl(n) })), ...data },
    ...overrides,
  };
}

const stored = new Map([1, 2, 3].map((n) => [dealerUrl(n), photo(n)]));
const LOCATION: ListingLocation = {
  street: '1 Parramatta Rd',
  city: 'Homebush',
  state: 'nsw',
  postcode: '2140',
  lat: -33.865,
  long: 151.08,
};

function source(
  carRow: StoredCar = car(),
  extra: Partial<Omit<ListingSource, 'document'>> = {},
  photos: ReadonlyMap<string, StoredPhoto> = stored,
): ListingSource {
  const document = buildSearchDocument(carRow, {
    siteId: 1,
    dealership: { id: 3, slug: 'harbour-toyota-homebush', name: 'Harbour Toyota Homebush' },
    location: { id: 11, name: 'Homebush', city: 'Homebush', state: 'NSW' },
    photos: photoLookupOf([...photos].map(([source_url, photo]) => ({ source_url, ...photo }))),
  });
  return {
    document,
    vin: 'JTDBR32E720123456',
    description: 'One owner. <b>Full</b> service history &amp; books.',
    location: LOCATION,
    ...extra,
  };
}

const context: ListingContext = {
  origin: ORIGIN,
  dealership: { id: 3, slug: 'harbour-toyota-homebush', name: 'Harbour Toyota Homebush' },
  storeCode: 'HTH-01',
  metaPageId: '1234567890',
  duplicateVins: new Set(),
};

const photoUrl = (n: number) => `${ORIGIN}/media/photos/${hash(n)}/w1600`;

describe('Google vehicle listings mapping, field by field', () => {
  const row = googleRow(source(), context);

  it('identifies the car and the dealership', () => {
    expect(row.id).toBe('HTH10001');
    expect(row.vin).toBe('JTDBR32E720123456');
    expect(row.store_code).toBe('HTH-01');
    expect(googleRow(source(), { ...context, storeCode: null }).store_code).toBe('harbour-toyota-homebush');
    expect(row.dealership_name).toBe('Harbour Toyota Homebush');
    expect(row.dealership_address).toBe('1 Parramatta Rd, Homebush NSW 2140, AU');
  });

  it('links the vehicle page on the site origin with the channel named in its campaign tags', () => {
    expect(row.link).toBe(
      `${ORIGIN}/cars/2022-toyota-corolla-ascent-sport-hth10001?utm_source=google&utm_medium=vehicle_listings&utm_campaign=harbour-toyota-homebush`,
    );
  });

  it('links stored photos only, primary first, as the widest feed variant', () => {
    expect(row.image_link).toBe(photoUrl(1));
    expect(row.additional_image_link).toBe(`${photoUrl(2)},${photoUrl(3)}`);
    expect(row.image_link).not.toContain('dealer.example');
  });

  it('prices in AUD, with the MSRP only for new cars', () => {
    expect(row.price).toBe('28990 AUD');
    expect(row.vehicle_msrp).toBe('');
    const fresh = googleRow(source(car({ car_type: 'new', km: 12, before_price: 31000 })), context);
    expect(fresh.vehicle_msrp).toBe('31000 AUD');
    expect(googleRow(source(car({ car_type: 'new', km: 0 })), context).vehicle_msrp).toBe('28990 AUD');
  });

  it('maps condition, certification, make, model, trim, year, mileage, colour and stock date', () => {
    expect(row.condition).toBe('used');
    expect(googleRow(source(car({ car_type: 'demo' })), context).condition).toBe('used');
    expect(googleRow(source(car({ car_type: 'new' })), context).condition).toBe('new');
    expect(row.certified_pre_owned).toBe('no');
    expect(googleRow(source(car({ certified: true })), context).certified_pre_owned).toBe('yes');
    expect(googleRow(source(car({ car_type: 'new' })), context).certified_pre_owned).toBe('');
    expect([row.make, row.model, row.trim, row.year]).toEqual(['Toyota', 'Corolla', 'Ascent Sport', '2022']);
    expect(row.mileage).toBe('45120 km');
    expect(row.exterior_color).toBe('Eclipse Black');
    expect(row.date_in_stock).toBe('2025-03-04');
  });

  it('fills every column of the specification and nothing else', () => {
    expect(Object.keys(row).sort()).toEqual([...GOOGLE_COLUMNS].sort());
    expect(rowProblems('google', row, ORIGIN)).toEqual([]);
  });
});

describe('Meta automotive catalog mapping, field by field', () => {
  const row = metaRow(source(), context);

  it('identifies the vehicle and describes it in plain text', () => {
    expect(row.vehicle_id).toBe('HTH10001');
    expect(row.vin).toBe('JTDBR32E720123456');
    expect(row.title).toBe('2022 Toyota Corolla Ascent Sport');
    expect(row.description).toBe('One owner. Full service history & books.');
    expect(metaRow(source(car(), { description: null }), context).description).toBe(
      'Used 2022 Toyota Corolla Ascent Sport, Eclipse Black, 45120 km.',
    );
  });

  it('links the vehicle page tagged for Meta', () => {
    expect(row.url).toBe(
      `${ORIGIN}/cars/2022-toyota-corolla-ascent-sport-hth10001?utm_source=meta&utm_medium=automotive_catalog&utm_campaign=harbour-toyota-homebush`,
    );
  });

  it("maps body style to Meta's enum", () => {
    expect(row.body_style).toBe('HATCHBACK');
    expect(
      ['ute', 'suv', '4x4', 'peopleMover', 'stationWagon', 'cabChassis', 'lightTruck', 'motorhome', null].map((body) =>
        metaBodyStyle(body),
      ),
    ).toEqual(['PICKUP', 'SUV', 'SUV', 'MINIVAN', 'WAGON', 'PICKUP', 'TRUCK', 'OTHER', 'OTHER']);
    expect(metaBodyStyle('constructor')).toBe('OTHER');
  });

  it('maps make, model, year, trim, colour, fuel, transmission and drivetrain', () => {
    expect([row.make, row.model, row.year, row.trim, row.exterior_color]).toEqual([
      'Toyota',
      'Corolla',
      '2022',
      'Ascent Sport',
      'Eclipse Black',
    ]);
    expect([row.fuel_type, row.transmission, row.drivetrain]).toEqual(['PETROL', 'AUTOMATIC', 'FWD']);
  });

  it('gives mileage in KM and price in AUD', () => {
    expect([row['mileage.value'], row['mileage.unit']]).toEqual(['45120', 'KM']);
    expect(row.price).toBe('28990 AUD');
  });

  it('maps state of vehicle and availability', () => {
    expect(row.state_of_vehicle).toBe('USED');
    expect(metaRow(source(car({ car_type: 'new', km: 5 })), context).state_of_vehicle).toBe('NEW');
    expect(metaRow(source(car({ certified: true })), context).state_of_vehicle).toBe('CPO');
    expect(row.availability).toBe('AVAILABLE');
    expect(metaRow(source(car({ reserved: true })), context).availability).toBe('PENDING');
    expect(metaRow(source(car({ status: 'sold', sold_date: new Date() })), context).availability).toBe('NOT_AVAILABLE');
  });

  it('lists stored photos as image[n].url and the dealership and its address', () => {
    expect([row['image[0].url'], row['image[1].url'], row['image[2].url'], row['image[3].url']]).toEqual([
      photoUrl(1),
      photoUrl(2),
      photoUrl(3),
      '',
    ]);
    expect([row.dealer_id, row.dealer_name, row.fb_page_id]).toEqual([
      'harbour-toyota-homebush',
      'Harbour Toyota Homebush',
      '1234567890',
    ]);
    expect([
      row['address.addr1'],
      row['address.city'],
      row['address.region'],
      row['address.postal_code'],
      row['address.country'],
    ]).toEqual(['1 Parramatta Rd', 'Homebush', 'NSW', '2140', 'AU']);
    expect([row.latitude, row.longitude]).toEqual(['-33.865', '151.08']);
    expect(row.date_first_on_lot).toBe('2025-03-04');
  });

  it('fills every column of the specification and nothing else', () => {
    expect(Object.keys(row).sort()).toEqual([...META_COLUMNS].sort());
    expect(rowProblems('meta', row, ORIGIN)).toEqual([]);
  });
});

describe('validation before publishing', () => {
  const reasons = (channel: SyndicationChannel, s: ListingSource, c: ListingContext = context) =>
    leftOutReasons(channel, s, c);

  it('needs a VIN of 17 allowed characters, unique within the dealership', () => {
    expect(reasons('google', source(car(), { vin: null }))).toEqual(['vin-missing']);
    expect(reasons('google', source(car(), { vin: 'JTDBR32E72012345' }))).toEqual(['vin-invalid']);
    expect(reasons('meta', source(car(), { vin: 'JTDBR32E72O123456' }))).toEqual(['vin-invalid']);
    expect(reasons('google', source(car(), { vin: 'jtdbr32e7-20123456' }))).toEqual([]);
    const duplicates = { ...context, duplicateVins: new Set(['JTDBR32E720123456']) };
    expect(reasons('meta', source(), duplicates)).toEqual(['vin-duplicate']);
  });

  it('needs a price above zero', () => {
    expect(reasons('google', source(car({ price: 0 })))).toEqual(['price-missing']);
    expect(reasons('meta', source(car({ price: null })))).toEqual(['price-missing']);
  });

  it('needs a stored photo of the channel’s minimum size, never a placeholder', () => {
    const small = new Map([[dealerUrl(1), photo(1, 400, 300)]]);
    const oneSmall = source(car({}, { images: [{ url: dealerUrl(1) }] }), {}, small);
    expect(reasons('google', oneSmall)).toEqual([]);
    expect(reasons('meta', oneSmall)).toEqual(['photo-too-small']);
    expect(reasons('google', source(car({}, { images: [] })))).toEqual(['photo-missing']);
    const demo = car({}, { images: [{ url: '/media/demo/suv-1.svg' }], primary_image_url: '/media/demo/suv-1.svg' });
    expect(reasons('google', source(demo))).toEqual(['photo-placeholder']);
    expect(reasons('meta', source(car(), {}, new Map()))).toEqual(['photo-not-stored']);
  });

  it('needs a full address, a used car’s odometer and, for Meta, a colour', () => {
    expect(reasons('google', source(car(), { location: { ...LOCATION, postcode: ' ' } }))).toEqual([
      'address-incomplete',
    ]);
    expect(reasons('meta', source(car(), { location: null }))).toEqual(['address-incomplete']);
    expect(reasons('google', source(car({ km: null })))).toEqual(['mileage-missing']);
    expect(reasons('google', source(car({ km: null, car_type: 'new' })))).toEqual([]);
    expect(reasons('meta', source(car({ colour: null })))).toEqual(['colour-missing']);
    expect(reasons('google', source(car({ colour: null })))).toEqual([]);
  });

  it('groups reasons in the report’s words', () => {
    expect(reasonSummary('vin-missing', 14)).toBe('14 cars have no VIN');
    expect(reasonSummary('vin-missing', 1)).toBe('1 car has no VIN');
    expect(reasonSummary('address-incomplete', 1)).toMatch(/^1 car is at a location/);
    expect(leftOutPhrase('vin-duplicate')).toBe('shares its VIN with another car of the dealership');
    // Every reason reads as one car's phrase (the report's row) and as a count's line.
    for (const reason of Object.keys(LEFT_OUT_REASONS) as (keyof typeof LEFT_OUT_REASONS)[]) {
      expect(leftOutPhrase(reason)).toMatch(/^(has|is|shares) /);
      expect(reasonSummary(reason, 1)).toBe(`1 car ${leftOutPhrase(reason)}`);
    }
  });
});

// -- Properties -----------------------------------------------------------------------------

const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 60);
const hostileText = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'toString',
    '\u0000',
    '\uD800',
    'a\r\nb',
    '"quoted, text"',
    ' ',
    'x'.repeat(20_000),
  ),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
/** Mostly a plausible value, sometimes a hostile or missing one, so both outcomes are reached. */
const mostly = <T, H>(plausible: fc.Arbitrary<T>, hostile: fc.Arbitrary<H>) =>
  fc.oneof({ weight: 6, arbitrary: plausible }, { weight: 1, arbitrary: hostile });
const word = fc.stringMatching(/^[A-Z][a-z]{2,10}( [A-Z0-9][a-z0-9]{0,6})?$/);
const vinArb = mostly(
  fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/),
  fc.oneof(fc.stringMatching(/^[A-Z0-9]{15,18}$/), hostileText, fc.constant(null)),
);
const photoArb = fc.record({
  hash: fc.stringMatching(/^[0-9a-f]{64}$/),
  width: mostly(fc.integer({ min: 500, max: 5000 }), fc.integer({ min: 1, max: 499 })),
  height: mostly(fc.integer({ min: 500, max: 5000 }), fc.integer({ min: 1, max: 499 })),
});
const imageArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('https://dealer.example/a.jpg', 'https://dealer.example/b.jpg') },
  { weight: 1, arbitrary: fc.constantFrom('/media/demo/suv-1.svg', 'javascript:alert(1)') },
  { weight: 1, arbitrary: fc.webUrl() },
);

const sourceArb = fc
  .record({
    carType: fc.constantFrom('new', 'used', 'demo'),
    status: fc.constantFrom('in_stock', 'coming_soon', 'sold'),
    price: mostly(fc.integer({ min: 1, max: 2_000_000 }), maybe(fc.integer({ min: -5, max: 0 }))),
    km: mostly(fc.integer({ min: 0, max: 900_000 }), fc.constant(null)),
    year: mostly(fc.integer({ min: 1990, max: 2026 }), fc.integer({ min: 1000, max: 3000 })),
    make: mostly(word, hostileText),
    model: mostly(word, hostileText),
    badge: mostly(word, maybe(hostileText)),
    colour: mostly(word, maybe(hostileText)),
    body: maybe(fc.oneof(fc.constantFrom('ute', 'suv', 'sedan', 'constructor'), hostileText)),
    certified: fc.boolean(),
    reserved: fc.boolean(),
    images: fc.array(imageArb, { minLength: 0, maxLength: 6 }),
    photos: fc.array(
      fc.tuple(fc.constantFrom('https://dealer.example/a.jpg', 'https://dealer.example/b.jpg'), photoArb),
      {
        maxLength: 2,
      },
    ),
    vin: vinArb,
    description: mostly(word, maybe(hostileText)),
    street: mostly(word, maybe(hostileText)),
    city: mostly(word, maybe(hostileText)),
    state: mostly(fc.constantFrom('NSW', 'vic', 'QLD'), maybe(hostileText)),
    postcode: mostly(fc.stringMatching(/^\d{4}$/), maybe(hostileText)),
    stocknum: fc.oneof(fc.stringMatching(/^[A-Z]{2,3}\d{4,6}$/), hostileText),
  })
  .map((a) =>
    source(
      car(
        {
          car_type: a.carType,
          status: a.status,
          price: a.price,
          km: a.km,
          year: a.year,
          make: a.make,
          model: a.model,
          badge: a.badge,
          colour: a.colour,
          simple_body: a.body,
          certified: a.certified,
          reserved: a.reserved,
          stocknum: a.stocknum,
          sold_date: a.status === 'sold' ? new Date() : null,
        },
        { images: a.images.map((url) => ({ url })) },
      ),
      {
        vin: a.vin,
        description: a.description,
        location: { street: a.street, city: a.city, state: a.state, postcode: a.postcode, lat: null, long: null },
      },
      new Map(a.photos),
    ),
  );

describe('validation properties', () => {
  it.each(['google', 'meta'] as const)(
    'any car appears on %s with every required field valid, or is left out with a reason',
    (channel) => {
      let included = 0;
      fc.assert(
        fc.property(sourceArb, fc.boolean(), (s, duplicate) => {
          const vin = normaliseVin(s.vin);
          const c = { ...context, duplicateVins: new Set(duplicate && vin ? [vin] : []) };
          const outcome = listingFor(channel, s, c);
          if (outcome.kind === 'included') {
            const columns = channel === 'google' ? GOOGLE_COLUMNS : META_COLUMNS;
            const row = Object.fromEntries(columns.map((column, index) => [column, outcome.values[index] ?? '']));
            expect(rowProblems(channel, row, ORIGIN)).toEqual([]);
            expect(isValidVin(row['vin'] ?? '')).toBe(true);
            included += 1;
          } else {
            expect(outcome.reasons.length).toBeGreaterThan(0);
            for (const reason of outcome.reasons) expect(Object.hasOwn(LEFT_OUT_REASONS, reason)).toBe(true);
          }
          // A reason is never made up: each one names a real defect.
          const reasons = outcome.kind === 'left-out' ? outcome.reasons : [];
          if (reasons.includes('vin-missing')) expect(vin).toBeNull();
          if (reasons.includes('vin-invalid')) expect(vin !== null && !isValidVin(vin)).toBe(true);
          if (reasons.includes('price-missing')) expect((s.document.price ?? 0) > 0).toBe(false);
        }),
        { numRuns: RUNS * 5 },
      );
      // The generator reaches both sides: some cars are written, not only refused.
      expect(included).toBeGreaterThan(0);
    },
  );

  it('writes cells without control characters or lone surrogates, bounded', () => {
    fc.assert(
      fc.property(hostileText, fc.integer({ min: 1, max: 600 }), (text, max) => {
        const cell = cellText(text, max);
        expect(cell.length).toBeLessThanOrEqual(max);
        // eslint-disable-next-line no-control-regex
        expect(cell).not.toMatch(/[\u0000-\u001F\u007F]/);
        expect(() => encodeURIComponent(cell)).not.toThrow();
      }),
      { numRuns: RUNS * 5 },
    );
  });
});

describe('RFC 4180 records', () => {
  it('quotes a field with a comma, quote, line break or edge space, doubling quotes, and ends with CRLF', () => {
    expect(csvRecord(['a', 'b c', 'x,y', 'say "hi"', ' pad', 'line\nbreak'])).toBe(
      'a,b c,"x,y","say ""hi"""," pad","line\nbreak"\r\n',
    );
    expect(csvField('')).toBe('');
  });
});

describe('lead attribution', () => {
  it('names the channel when both the source and the medium are a feed link’s', () => {
    expect(syndicationChannelOf({ utm_source: 'google', utm_medium: 'vehicle_listings' })).toBe('google');
    expect(syndicationChannelOf({ utm_source: 'Meta', utm_medium: 'automotive_catalog ' })).toBe('meta');
    expect(leadSourceOf({ utm_source: 'meta', utm_medium: 'automotive_catalog' })).toBe('Meta automotive catalog');
    expect(leadSourceOf({ utm_source: 'google', utm_medium: 'cpc' })).toBe('Website');
    expect(leadSourceOf({})).toBe('Website');
    expect(leadSourceOf(JSON.parse('{"__proto__": {"utm_source": "google", "utm_medium": "vehicle_listings"}}'))).toBe(
      'Website',
    );
  });
});
