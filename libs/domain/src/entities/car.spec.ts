import { BODY_TYPES, CarSchema, CarStatusSchema, CarTypeSchema } from './car';
import { CAR_TYPE_ORDER, CAR_TYPE_URL_SLUGS } from './car-type';
import { FinanceLenderEntrySchema } from './finance-lender';

const minimalCar = {
  id: 1042,
  slug: '2021-toyota-hilux-sr5-1042',
  stocknum: 'U12345',
  make: 'Toyota',
  model: 'Hilux',
  year: 2021,
  car_type: 'used',
  status: 'in_stock',
};

const fullCar = {
  ...minimalCar,
  // Identity
  name: '2021 Toyota Hilux SR5',
  path: '/used-cars/toyota/hilux/2021-toyota-hilux-sr5-1042',
  carsales_title: '2021 Toyota Hilux SR5 Auto 4x4 Double Cab',
  badge: 'SR5',
  series: 'GUN126R',
  vin: 'MR0HA3CD100123456',
  nvic: 'ABC123',
  regplate: '1AB2CD',
  rego_expiry: '2025-06-30',
  build_date: '2021-03',
  compliance_date: '2021-04',
  // Classification
  tag: 'Test Drive Only',
  body: 'ute',
  simple_body: 'Ute',
  simple_drive: '4x4',
  simple_fuel: 'Hybrid',
  simple_transmission: 'Automatic',
  trans: '6 Speed Automatic',
  fuel: 'Diesel',
  drive: '4x4',
  seats: 5,
  doors: 4,
  engine_size: '2.8L',
  gearnum: 6,
  bodyconfiguration: 'Double Cab Pick Up',
  colour: 'White',
  interior_colour: 'Black',
  certified: true,
  reserved: false,
  sold: false,
  sold_date_timestamp: 1724112000,
  has_nvic: true,
  show_on_dealer_website: true,
  // Pricing
  price: 54990,
  price_type: 'drive_away',
  before_price: 56990,
  offer_price: 53990,
  subscription_price: 0,
  preorder: false,
  km: '45210',
  payment_processors: ['stripe'],
  // Popularity
  views: 312,
  created_at: '2025-08-21T09:30:00+10:00',
  // Media
  photos_count: 2,
  images: [
    { url: 'https://cdn.example.com/1.jpg', thumb: { url: 'https://cdn.example.com/1_thumb.jpg' } },
    { url: 'https://cdn.example.com/2.jpg', thumb: { url: null } },
  ],
  thumbnails: ['https://cdn.example.com/1_thumb.jpg'],
  primary_image_url: 'https://cdn.example.com/1.jpg',
  video_url: 'https://www.youtube.com/embed/abc',
  external_video_url: 'https://vimeo.com/123',
  spin_images: ['https://spin.example.com/0.jpg', 'https://spin.example.com/1.jpg'],
  spin_interior_image: 'https://spin.example.com/interior.jpg',
  spin_code: 'SPIN-1042',
  hotspots: {
    exterior: [
      {
        id: 'h1',
        description: 'Alloy wheels',
        anchors: [0, 12],
        positions: [{ activeAngle: 3, posX: 0.42, posY: 0.7 }],
      },
    ],
    interior: [{ id: 2, description: 'Touchscreen', positions: [{ activeAngle: '0', posX: '0.5', posY: '0.5' }] }],
  },
  file: 'https://cdn.example.com/history-report.pdf',
  standardEquipment: ['Reversing camera', 'Cruise control'],
  features: ['Tow bar', 'Bull bar'],
  // Dealer data
  dealercomments: 'One owner, full service history.',
  dealership_id: 7,
  dealership_slug: 'werribee-toyota',
  location_id: 31,
  location: {
    id: 31,
    name: 'Werribee Toyota',
    phone: '+61397420000',
    slug: 'werribee-toyota-sales',
    address: {
      street: '1 Princes Hwy',
      city: 'Werribee',
      state: 'VIC',
      postcode: 3030,
      place_url: 'https://maps.example.com/?q=werribee',
    },
    city: 'Werribee',
    state: 'VIC',
    distribution_locations: [31, 32],
  },
  private_suburb: 'Hoppers Crossing',
  private_postcode: '3029',
  // Finance
  youxQuote: { weeklyRepaymentAmount: 189, comparisonRate: 8.19, advertisedRate: 6.29 },
  finance_lenders: {
    Taurus: {
      interestRate: 6.29,
      comparisonRate: 8.19,
      paymentWeek: 189,
      paymentMonth: 820,
      deposit: 0,
      termYears: 5,
      term36: 1210,
      term60: '820',
      balloon: 30,
      disclaimer: '5 year term, 10.0% deposit, 30.0% final payment.',
      establishmentFees: 1300,
      totalPayable: 49200,
      financeProvider: 'Taurus',
      termMonths: 60,
      termWeeks: 260,
    },
    'Nissan Finance': null,
  },
  autograb_data: { state_average_market_price: 57990, average_market_price: '58490' },
  variant: {
    cylinders: 4,
    enginesize: 2755,
    enginesize_litres: 2.8,
    induction: 'Turbo Intercooled',
    fuelconsumptioncombined: 8.4,
    fuelcapacity: 80,
    grossvehiclemass: 3050,
    vehiclelength: 5325,
    vehicleheight: 1815,
    vehiclewidth: 1855,
    towingcapacitybraked: 3500,
    torque: 500,
    ancaprating: 5,
    bodyconfiguration: 'Double Cab Pick Up',
    geartype: 'Sports Automatic',
  },
  caravan_specifications: {
    body_width: 2400,
    body_length: `21'6"`,
    tare_weight: 2650,
    axle_type: 'Tandem',
    sleeps: 4,
    aggregate_trailer_mass: 3500,
  },
};

const pathsOf = (input: unknown) => {
  const result = CarSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('CarSchema', () => {
  it('parses a minimal car', () => {
    expect(CarSchema.parse(minimalCar)).toEqual(minimalCar);
  });

  it('parses a full car with every field group', () => {
    const car = CarSchema.parse(fullCar);
    expect(car.km).toBe(45210);
    expect(car.location?.address?.postcode).toBe('3030');
    expect(car.finance_lenders?.['Taurus']?.term36).toBe(1210);
    expect(car.finance_lenders?.['Taurus']?.term60).toBe(820);
    expect(car.finance_lenders?.['Nissan Finance']).toBeNull();
    expect(car.autograb_data?.average_market_price).toBe(58490);
    expect(car.hotspots?.interior?.[0].positions?.[0]).toEqual({ activeAngle: 0, posX: 0.5, posY: 0.5 });
    expect(car.variant?.enginesize_litres).toBe(2.8);
    expect(car.caravan_specifications?.body_length).toBe(`21'6"`);
    expect(car.spin_images).toHaveLength(2);
  });

  it('the full fixture covers every field of the schema and none is stripped', () => {
    const car = CarSchema.parse(fullCar);
    expect(Object.keys(fullCar).sort()).toEqual(Object.keys(CarSchema.shape).sort());
    expect(Object.keys(car).sort()).toEqual(Object.keys(fullCar).sort());
  });

  it.each(['id', 'slug', 'stocknum', 'make', 'model', 'year', 'car_type', 'status'])('requires %s', (field) => {
    const input: Record<string, unknown> = { ...minimalCar };
    delete input[field];
    expect(pathsOf(input)).toEqual([field]);
  });

  it.each([
    ['car_type', 'certified'],
    ['car_type', 'NEW'],
    ['status', 'reserved'],
    ['status', 'in stock'],
  ])('refuses %s = %j at its field path', (field, value) => {
    expect(pathsOf({ ...minimalCar, [field]: value })).toEqual([field]);
  });

  it.each([
    ['null price (enquire for price)', { price: null }, true],
    ['zero price (enquire for price)', { price: 0 }, true],
    ['whole-dollar price', { price: 29990 }, true],
    ['numeric string price', { price: '29990' }, true],
    ['negative price', { price: -1 }, false],
    ['price in cents', { price: 29990.5 }, false],
    ['negative km', { km: -5 }, false],
  ])('pricing: %s', (_label, patch, ok) => {
    expect(CarSchema.safeParse({ ...minimalCar, ...patch }).success).toBe(ok);
  });

  it('reports nested paths inside groups', () => {
    expect(
      pathsOf({
        ...minimalCar,
        hotspots: { exterior: [{ id: 'h1', positions: [{ activeAngle: 1, posX: 'x', posY: 0 }] }] },
      }),
    ).toEqual(['hotspots.exterior.0.positions.0.posX']);
  });
});

describe('car enums and constants', () => {
  it.each([
    ['CarTypeSchema', CarTypeSchema, ['new', 'used', 'demo']],
    ['CarStatusSchema', CarStatusSchema, ['in_stock', 'sold', 'coming_soon']],
  ])('%s accepts exactly the specification values', (_name, schema, values) => {
    expect(schema.options).toEqual(values);
  });

  it('orders car types new, demo, used with their URL slugs', () => {
    expect(CAR_TYPE_ORDER).toEqual(['new', 'demo', 'used']);
    expect(CAR_TYPE_ORDER.map((type) => CAR_TYPE_URL_SLUGS[type])).toEqual(['new-cars', 'demo-cars', 'used-cars']);
  });

  it('lists the 18 facet body types', () => {
    expect(BODY_TYPES).toHaveLength(18);
    expect(BODY_TYPES).toEqual(expect.arrayContaining(['4x4', 'cabChassis', 'peopleMover', 'stationWagon']));
  });
});

describe('FinanceLenderEntrySchema', () => {
  it.each([
    ['empty entry', {}, true],
    ['null rates', { interestRate: null, comparisonRate: null }, true],
    ['term{N} keys', { term12: 400, term84: null }, true],
    ['unknown extra keys pass through', { lenderCode: 'TAU' }, true],
    ['non-numeric term{N}', { term60: 'soon' }, false],
    ['non-numeric rate', { interestRate: 'high' }, false],
  ])('%s', (_label, input, ok) => {
    const result = FinanceLenderEntrySchema.safeParse(input);
    expect(result.success).toBe(ok);
    if (ok) expect(result.data).toEqual(input);
  });
});
