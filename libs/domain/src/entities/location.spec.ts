import {
  compareLocationsByType,
  effectiveLocationType,
  LOCATION_TYPE_ORDER,
  LocationSchema,
  OpeningHourEntrySchema,
  SpecialHourEntrySchema,
  ownDepartment,
} from './location';

const minimalLocation = {
  id: 31,
  name: 'Werribee Toyota',
  slug: 'werribee-toyota-sales',
  time_zone: 'Australia/Melbourne',
};

const fullLocation = {
  ...minimalLocation,
  visible: true,
  primary: true,
  location_type: '',
  location_subtype: 'New & Pre-Owned Sales, buying',
  manufacturers: ['Toyota'],
  dealership_id: 7,
  dealership_slug: 'werribee-toyota',
  dealer_license_number: 'LMCT 12345',
  motor_vehicle_repairer: 67890,
  address: {
    id: 5,
    street: '1 Princes Hwy',
    city: 'Werribee',
    state: 'VIC',
    postcode: '3030',
    place_url: 'https://maps.example.com/?q=werribee',
    place_id: 'ChIJxyz',
    lat: '-37.9',
    long: 144.66,
    map_key: 'werribee',
  },
  contact_detail: {
    phone: '03 9742 0000',
    landline_phone: '03 9742 0001',
    opening_hours: [
      { weekday: 0, status: 'Closed', formated_hours: 'Closed', open: null, close: null },
      { weekday: 1, status: 'Open', formated_hours: '8:30am - 5:30pm', open: '08:30', close: '17:30' },
    ],
  },
  image: { url: 'https://cdn.example.com/loc.jpg', thumb: { url: 'https://cdn.example.com/loc_thumb.jpg' } },
  average_rating: 4.6,
  review_count: 812,
  reviews: { average_rating: 4.6, count: 812 },
  phone: '+61397420000',
  special_hours: [
    { date: '2025-12-25', status: 'Closed', department: 'all' },
    {
      date: '2025-12-24',
      status: 'Open',
      start_hour: '09:00',
      end_hour: '13:00',
      department: 'service',
      location_name: 'Werribee',
    },
  ],
  department_hours: {
    sales: [{ weekday: 1, status: 'Open', formated_hours: '8:30am - 5:30pm', open: '08:30', close: '17:30' }],
    service: [{ weekday: 1, status: 'Open', formated_hours: '7:30am - 5pm', open: '07:30', close: '17:00' }],
    parts: [],
  },
};

const pathsOf = (input: unknown) => {
  const result = LocationSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('LocationSchema', () => {
  it('parses a minimal location', () => {
    expect(LocationSchema.parse(minimalLocation)).toEqual(minimalLocation);
  });

  it('parses a full location', () => {
    const location = LocationSchema.parse(fullLocation);
    expect(Object.keys(fullLocation).sort()).toEqual(Object.keys(LocationSchema.shape).sort());
    expect(location.address?.lat).toBe(-37.9);
    expect(location.motor_vehicle_repairer).toBe('67890');
    expect(location.contact_detail?.opening_hours).toHaveLength(2);
    expect(location.special_hours?.[1].location_name).toBe('Werribee');
  });

  it.each([
    ['location_type', 'showroom', 'location_type'],
    ['time_zone', 'Europe/London', 'time_zone'],
    ['time_zone', undefined, 'time_zone'],
    ['special_hours', [{ date: '25/12/2025', status: 'Closed', department: 'all' }], 'special_hours.0.date'],
    ['special_hours', [{ date: '2025-12-25', status: 'Closed', department: 'finance' }], 'special_hours.0.department'],
    ['contact_detail', { opening_hours: [{ weekday: 7, status: 'Open' }] }, 'contact_detail.opening_hours.0.weekday'],
    ['contact_detail', { opening_hours: [{ weekday: 1, status: 'open' }] }, 'contact_detail.opening_hours.0.status'],
  ])('refuses %s = %j at %s', (field, value, path) => {
    expect(pathsOf({ ...minimalLocation, [field]: value })).toEqual([path]);
  });
});

describe('hour entries', () => {
  it.each([
    [{ weekday: 0, status: 'Closed' }, true],
    [{ weekday: 6, status: 'Open', formated_hours: '9:00am - 5:00pm', open: '09:00', close: '17:00' }, true],
    [{ weekday: -1, status: 'Open' }, false],
    [{ weekday: 1.5, status: 'Open' }, false],
  ])('opening hour %j valid: %s', (input, ok) => {
    expect(OpeningHourEntrySchema.safeParse(input).success).toBe(ok);
  });

  it.each([
    [{ date: '2025-01-26', status: 'Closed', department: 'sales' }, true],
    [{ date: '2025-02-30', status: 'Closed', department: 'sales' }, false],
    [{ date: '2025-01-26', status: 'Closed' }, false],
  ])('special hour %j valid: %s', (input, ok) => {
    expect(SpecialHourEntrySchema.safeParse(input).success).toBe(ok);
  });
});

describe('effectiveLocationType', () => {
  it.each([
    ['', null, 'sales'],
    [null, null, 'sales'],
    [undefined, undefined, 'sales'],
    ['sales', 'Sales', 'sales'],
    ['service', null, 'service'],
    ['parts', '', 'parts'],
    ['used', null, 'used'],
    ['sales', 'Pre-Owned Sales', 'used'],
    ['', 'New & PRE-OWNED SALES, buying', 'used'],
    ['sales', 'Pre-Owned', 'sales'],
    ['sales', 'buying', 'sales'],
  ] as const)('type %j with subtype %j is %s', (location_type, location_subtype, expected) => {
    expect(effectiveLocationType({ location_type, location_subtype })).toBe(expected);
  });
});

describe('location ordering', () => {
  it('ranks sales and used 1, service 2, parts 3', () => {
    expect(LOCATION_TYPE_ORDER).toEqual({ sales: 1, used: 1, service: 2, parts: 3 });
  });

  it('sorts sales (including empty and pre-owned) before service before parts, keeping ties in order', () => {
    const locations = [
      { name: 'parts', location_type: 'parts' },
      { name: 'service', location_type: 'service' },
      { name: 'empty', location_type: '' },
      { name: 'pre-owned', location_type: 'sales', location_subtype: 'Pre-Owned Sales' },
      { name: 'sales', location_type: 'sales' },
      { name: 'used', location_type: 'used' },
    ] as const;
    expect([...locations].sort(compareLocationsByType).map((location) => location.name)).toEqual([
      'empty',
      'pre-owned',
      'sales',
      'used',
      'service',
      'parts',
    ]);
  });
});

describe('ownDepartment', () => {
  it.each([
    ['sales', 'sales'],
    ['used', 'sales'],
    ['', 'sales'],
    [null, 'sales'],
    ['service', 'service'],
    ['parts', 'parts'],
  ] as const)('a %j location keeps %s hours of its own', (type, department) =>
    expect(ownDepartment(type)).toBe(department),
  );
});
