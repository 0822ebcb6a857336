import { EMAIL_MESSAGE, PHONE_MESSAGE, POSTCODE_MESSAGE, REQUIRED_MESSAGES, TERMS_MESSAGE } from './fields';
import { HONEYPOT_FIELD } from './form-constants';
import {
  CAREER_SUBCATEGORY,
  CAREERS_CATEGORY,
  DEFAULT_CATEGORY,
  GENERAL_CATEGORY,
  LEAD_FORMS,
  LEAD_MESSAGES,
  leadFormErrors,
  LeadFormKind,
  LeadFormOptions,
  leadFormSchema,
  leadRouting,
  LeadSubmission,
  OFFER_ACCEPTED_SUBCATEGORY,
  parseLeadSubmission,
} from './lead-forms';

type Body = Record<string, unknown>;
type Issue = { path: string; message: string };

const issuesOf = (body: unknown, options?: LeadFormOptions): Issue[] => {
  const result = parseLeadSubmission(body, options);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

const accept = (body: unknown, options?: LeadFormOptions): LeadSubmission => {
  const result = parseLeadSubmission(body, options);
  if (!result.success)
    throw new Error(`expected ${JSON.stringify(body)} to be accepted: ${JSON.stringify(result.error.issues)}`);
  return result.data;
};

const fieldsOf = (submission: LeadSubmission): Body => submission as unknown as Body;

const errorsOf = (body: unknown, options?: LeadFormOptions) => {
  const result = parseLeadSubmission(body, options);
  if (result.success) throw new Error(`expected ${JSON.stringify(body)} to be refused`);
  return leadFormErrors(result.error);
};

const without = (body: Body, ...keys: string[]): Body =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));

const contact = { name: 'Jane Citizen', email: 'jane@example.com.au', phone: '0412 345 678' };
const car = {
  car_id: 1042,
  stock_number: 'U12345',
  'Vehicle Make': 'Toyota',
  'Vehicle Model': 'Hilux',
  manufacturer_slug: 'toyota',
  car_type: 'used',
  vehicle_status: 'in_stock',
  dealership_slug: 'werribee-toyota',
};
const LEAD_ID = '6f1c2b1e-8d3a-4b8e-9c2f-1a2b3c4d5e6f';

const VALID: Record<LeadFormKind, Body> = {
  general: {
    form: 'general',
    ...contact,
    message: 'Do you have any Hiluxes?',
    category: 'General Enquiry',
    location: '31',
    terms_conditions: true,
  },
  vehicle: { form: 'vehicle', ...contact, ...car, message: 'Is this car still available?', terms_conditions: true },
  test_drive: {
    form: 'test_drive',
    ...contact,
    ...car,
    preferred_time: '2026-12-01T10:00:00+11:00',
    terms_conditions: true,
  },
  finance: {
    form: 'finance',
    ...contact,
    vehiclePriceBudget: '35000',
    deposit: 5000,
    term_years: 5,
    message: 'Finance for a D-Max, please.',
    terms_conditions: true,
  },
  service: {
    form: 'service',
    ...contact,
    location: '31',
    vehicle_make: 'Isuzu',
    odometer: '45000',
    preferred_date: '2026-12-01',
    message: 'Logbook service.',
    terms_conditions: true,
  },
  parts: {
    form: 'parts',
    ...contact,
    location: '31',
    message: 'Roof racks for a D-Max?',
    vin: 'MPATFS86JLT000001',
    terms_conditions: true,
  },
  careers: {
    form: 'careers',
    ...contact,
    location: '31',
    message: 'I am a qualified technician.',
    position: 'Technician',
    terms_conditions: true,
  },
  trade_in: {
    form: 'trade_in',
    name: 'Jane',
    last_name: 'Citizen',
    postcode: '3030',
    phone: '0412 345 678',
    email: 'jane@example.com.au',
    rego: 'ABC123',
    rego_state: 'VIC',
  },
  offer_accepted: { form: 'offer_accepted', lead_id: LEAD_ID, offer_accepted: true },
  find_similar: { form: 'find_similar', ...contact, ...car, terms_conditions: true },
  request_photos: { form: 'request_photos', ...contact, ...car, terms_conditions: true },
  contact_location: {
    form: 'contact_location',
    ...contact,
    location_id: 7,
    message: 'What are your hours?',
    terms_conditions: true,
  },
  lead: {
    form: 'lead',
    [HONEYPOT_FIELD]: '',
    name: 'Jane',
    last_name: 'Citizen',
    postcode: '3030',
    phone: '0412 345 678',
    email: 'jane@example.com.au',
  },
};

const ROUTING: Record<LeadFormKind, { category: string; subcategory: string | null }> = {
  general: { category: 'General Enquiry', subcategory: null },
  vehicle: { category: 'Vehicle Enquiry', subcategory: null },
  test_drive: { category: 'Test Drive', subcategory: null },
  finance: { category: 'Finance Enquiry', subcategory: null },
  service: { category: 'Service Booking', subcategory: null },
  parts: { category: 'Parts Enquiry', subcategory: null },
  careers: { category: 'General Enquiry', subcategory: 'Career Enquiry' },
  trade_in: { category: 'Trade-In Valuation', subcategory: null },
  offer_accepted: { category: 'Trade-In Valuation', subcategory: '3. Offer Accepted' },
  find_similar: { category: 'Find Me Something Similar', subcategory: null },
  request_photos: { category: 'Request Photos', subcategory: null },
  contact_location: { category: 'General Enquiry', subcategory: null },
  lead: { category: 'General Enquiry', subcategory: null },
};

const kinds = (...list: LeadFormKind[]) => list;
const ALL = [...LEAD_FORMS];
const WITH_TERMS = kinds(
  'general',
  'vehicle',
  'test_drive',
  'finance',
  'service',
  'parts',
  'careers',
  'find_similar',
  'request_photos',
  'contact_location',
);
const WITH_EMAIL = ALL.filter((kind) => kind !== 'offer_accepted');
const PHONE_REQUIRED = kinds('test_drive', 'finance', 'service', 'trade_in', 'lead');
const PHONE_OPTIONAL = kinds(
  'general',
  'vehicle',
  'parts',
  'careers',
  'find_similar',
  'request_photos',
  'contact_location',
);
// Every enquiry form, service and finance included (spec 001 §5 'Message is required unless the site disables it').
const MESSAGE_REQUIRED = kinds('general', 'vehicle', 'finance', 'service', 'parts', 'careers', 'contact_location');
const DEALERSHIP_REQUIRED = kinds('general', 'service', 'parts', 'careers');
const CAR_REQUIRED = kinds('vehicle', 'test_drive', 'find_similar', 'request_photos');
const WITH_POSTCODE = kinds('trade_in', 'lead');

describe('the fixtures', () => {
  it('cover every form kind', () => {
    expect(Object.keys(VALID).sort()).toEqual([...LEAD_FORMS].sort());
    expect(LEAD_FORMS).toHaveLength(13);
  });

  it('use the specification messages', () => {
    expect(TERMS_MESSAGE).toBe('*You must agree to the terms of use before submitting.');
    expect(POSTCODE_MESSAGE).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(CAREERS_CATEGORY).toBe('Careers Enquiry');
    expect(GENERAL_CATEGORY).toBe('General Enquiry');
    expect(CAREER_SUBCATEGORY).toBe('Career Enquiry');
    expect(OFFER_ACCEPTED_SUBCATEGORY).toBe('3. Offer Accepted');
  });
});

describe('a valid submission of every kind', () => {
  it.each(ALL)('%s is accepted with opt_in defaulting to true', (kind) => {
    const data = fieldsOf(accept(VALID[kind]));
    expect(data['form']).toBe(kind);
    expect(data['opt_in']).toBe(true);
  });

  it.each(ALL)('%s keeps an explicit opt_in false', (kind) => {
    expect(fieldsOf(accept({ ...VALID[kind], opt_in: false }))['opt_in']).toBe(false);
  });

  it.each(ALL)('%s refuses a non-boolean opt_in', (kind) => {
    expect(issuesOf({ ...VALID[kind], opt_in: 'yes' })).toEqual([
      { path: 'opt_in', message: 'opt_in must be true or false' },
    ]);
  });

  it.each(ALL)('%s routes to its category and subcategory', (kind) => {
    expect(leadRouting(accept(VALID[kind]))).toEqual(ROUTING[kind]);
  });

  it.each(ALL)('%s is also accepted by leadFormSchema directly', (kind) => {
    expect(leadFormSchema(kind).safeParse(VALID[kind]).success).toBe(true);
  });

  it('ROUTING agrees with DEFAULT_CATEGORY', () => {
    for (const kind of ALL) expect(ROUTING[kind].category).toBe(DEFAULT_CATEGORY[kind]);
  });

  it('trims text, coerces numbers from strings and parses the vehicle-page defaults', () => {
    const vehicle = fieldsOf(
      accept({
        ...VALID.vehicle,
        name: '  Jane  ',
        email: ' jane@example.com.au ',
        car_id: '1042',
        stock_number: 12345,
      }),
    );
    expect(vehicle).toMatchObject({
      name: 'Jane',
      email: 'jane@example.com.au',
      car_id: 1042,
      stock_number: '12345',
      car_type: 'used',
      vehicle_status: 'in_stock',
    });
    const finance = fieldsOf(accept(VALID.finance));
    expect(finance).toMatchObject({ vehiclePriceBudget: 35000, deposit: 5000, term_years: 5 });
    expect(fieldsOf(accept(VALID.service))['odometer']).toBe(45000);
  });

  it('accepts the enquiry extras: Rego, page_id, subcategory, additional_services, captcha and userData', () => {
    const data = fieldsOf(
      accept({
        ...VALID.general,
        Rego: 'ABC123',
        page_id: 12,
        subcategory: 'Sales',
        additional_services: ['Wheel alignment'],
        captcha_token: 'token',
        userData: { url: 'https://example.com.au/cars/1', lead_attributes: {} },
      }),
    );
    expect(data['userData']).toEqual({
      url: 'https://example.com.au/cars/1',
      lead_attributes: { visited_pages: [], linked_query_params: {} },
    });
    expect(leadRouting(data as unknown as LeadSubmission)).toEqual({
      category: 'General Enquiry',
      subcategory: 'Sales',
    });
  });

  it('carries a filled honeypot for the caller to check', () => {
    expect(fieldsOf(accept({ ...VALID.lead, [HONEYPOT_FIELD]: 'I am a bot' }))[HONEYPOT_FIELD]).toBe('I am a bot');
  });

  it('refuses more than 50 visited pages', () => {
    const visited_pages = Array.from({ length: 51 }, (_, i) => `/page/${i}`);
    expect(issuesOf({ ...VALID.general, userData: { lead_attributes: { visited_pages } } })).toEqual([
      { path: 'userData.lead_attributes.visited_pages', message: 'Send at most the last 50 visited pages.' },
    ]);
    expect(
      issuesOf({ ...VALID.general, userData: { lead_attributes: { visited_pages: visited_pages.slice(1) } } }),
    ).toEqual([]);
  });
});

describe('terms_conditions', () => {
  it.each(WITH_TERMS.flatMap((kind) => [false, undefined, 'on', 'true'].map((value) => [kind, value] as const)))(
    '%s with terms_conditions %j gives the terms message',
    (kind, value) => {
      expect(issuesOf({ ...VALID[kind], terms_conditions: value })).toEqual([
        { path: 'terms_conditions', message: TERMS_MESSAGE },
      ]);
    },
  );
});

describe('postcode (trade_in and lead)', () => {
  it.each(
    WITH_POSTCODE.flatMap((kind) =>
      ['123', '12345', '1,234', '3,030', '30a0', '', '    ', 3030, undefined].map((value) => [kind, value] as const),
    ),
  )('%s with postcode %j gives the postcode message', (kind, value) => {
    expect(issuesOf({ ...VALID[kind], postcode: value })).toEqual([{ path: 'postcode', message: POSTCODE_MESSAGE }]);
  });

  it.each(WITH_POSTCODE)('%s accepts a 4-digit postcode, trimmed, with a leading zero', (kind) => {
    expect(fieldsOf(accept({ ...VALID[kind], postcode: ' 0800 ' }))['postcode']).toBe('0800');
  });
});

describe('email', () => {
  it.each(
    WITH_EMAIL.flatMap((kind) => ['jane@', 'jane.example.com', '', undefined].map((value) => [kind, value] as const)),
  )('%s with email %j gives the email message', (kind, value) => {
    expect(issuesOf({ ...VALID[kind], email: value })).toEqual([{ path: 'email', message: EMAIL_MESSAGE }]);
  });
});

describe('phone', () => {
  it.each(
    [...PHONE_REQUIRED, ...PHONE_OPTIONAL].flatMap((kind) =>
      ['12345', '(03) 9742 0000', '0512 345 678'].map((value) => [kind, value] as const),
    ),
  )('%s with phone %j gives the phone message', (kind, value) => {
    expect(issuesOf({ ...VALID[kind], phone: value })).toEqual([{ path: 'phone', message: PHONE_MESSAGE }]);
  });

  it.each(PHONE_REQUIRED.flatMap((kind) => ['', undefined].map((value) => [kind, value] as const)))(
    '%s requires a phone (%j refused)',
    (kind, value) => {
      expect(issuesOf({ ...VALID[kind], phone: value })).toEqual([{ path: 'phone', message: PHONE_MESSAGE }]);
    },
  );

  it.each(PHONE_OPTIONAL.flatMap((kind) => ['', undefined].map((value) => [kind, value] as const)))(
    '%s leaves the phone optional (%j accepted)',
    (kind, value) => {
      expect(issuesOf({ ...VALID[kind], phone: value })).toEqual([]);
    },
  );

  it.each(['+61 412 345 678', '02 9876 5432', '+61398765432'])('accepts %j', (phone) => {
    expect(issuesOf({ ...VALID.finance, phone })).toEqual([]);
  });
});

describe('name and last_name', () => {
  it.each(WITH_EMAIL.flatMap((kind) => ['', '   ', undefined].map((value) => [kind, value] as const)))(
    '%s with name %j gives the name message',
    (kind, value) => {
      expect(issuesOf({ ...VALID[kind], name: value })).toEqual([{ path: 'name', message: REQUIRED_MESSAGES.name }]);
    },
  );

  it.each(WITH_POSTCODE)('%s requires last_name', (kind) => {
    expect(issuesOf(without(VALID[kind], 'last_name'))).toEqual([
      { path: 'last_name', message: REQUIRED_MESSAGES.last_name },
    ]);
  });

  it('refuses a name over 100 characters', () => {
    expect(issuesOf({ ...VALID.general, name: 'x'.repeat(101) })).toEqual([
      { path: 'name', message: 'Please keep this under 100 characters.' },
    ]);
  });
});

describe('message', () => {
  it.each(MESSAGE_REQUIRED.flatMap((kind) => [undefined, '', '   '].map((value) => [kind, value] as const)))(
    '%s requires a message by default (%j refused)',
    (kind, value) => {
      const expected = [{ path: 'message', message: REQUIRED_MESSAGES.message }];
      expect(issuesOf({ ...VALID[kind], message: value })).toEqual(expected);
      expect(issuesOf({ ...VALID[kind], message: value }, { messageRequired: true })).toEqual(expected);
    },
  );

  it.each(MESSAGE_REQUIRED)('%s accepts no message when messageRequired is false', (kind) => {
    expect(issuesOf(without(VALID[kind], 'message'), { messageRequired: false })).toEqual([]);
    expect(issuesOf({ ...VALID[kind], message: '' }, { messageRequired: false })).toEqual([]);
  });

  it.each(ALL.filter((kind) => !MESSAGE_REQUIRED.includes(kind)))('%s never requires a message', (kind) => {
    expect(issuesOf(without(VALID[kind], 'message'), { messageRequired: true })).toEqual([]);
  });
});

describe('dealership_slug', () => {
  it.each(DEALERSHIP_REQUIRED.flatMap((kind) => [undefined, ''].map((value) => [kind, value] as const)))(
    '%s requires a dealership with dealershipRequired (%j refused)',
    (kind, value) => {
      expect(issuesOf({ ...VALID[kind], dealership_slug: value }, { dealershipRequired: true })).toEqual([
        { path: 'dealership_slug', message: REQUIRED_MESSAGES.dealership_slug },
      ]);
    },
  );

  it.each(DEALERSHIP_REQUIRED)('%s accepts a dealership with dealershipRequired, and none without it', (kind) => {
    expect(issuesOf({ ...VALID[kind], dealership_slug: 'werribee-toyota' }, { dealershipRequired: true })).toEqual([]);
    expect(issuesOf(without(VALID[kind], 'dealership_slug'))).toEqual([]);
    expect(issuesOf(without(VALID[kind], 'dealership_slug'), { dealershipRequired: false })).toEqual([]);
  });

  it.each(ALL.filter((kind) => !DEALERSHIP_REQUIRED.includes(kind)))('%s never requires a dealership', (kind) => {
    expect(issuesOf(without(VALID[kind], 'dealership_slug'), { dealershipRequired: true })).toEqual([]);
  });
});

describe('general enquiry selects', () => {
  it.each([
    ['category', undefined, REQUIRED_MESSAGES.category],
    ['category', '', REQUIRED_MESSAGES.category],
    ['category', '  ', REQUIRED_MESSAGES.category],
    ['location', undefined, REQUIRED_MESSAGES.location],
    ['location', '', REQUIRED_MESSAGES.location],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(issuesOf({ ...VALID.general, [field]: value })).toEqual([{ path: field, message }]);
  });

  it.each(kinds('service', 'parts', 'careers'))('%s requires a location', (kind) => {
    expect(issuesOf(without(VALID[kind], 'location'))).toEqual([
      { path: 'location', message: REQUIRED_MESSAGES.location },
    ]);
  });

  it('contact_location requires a positive whole location_id', () => {
    for (const location_id of [undefined, 0, -3, 1.5, 'abc']) {
      expect(issuesOf({ ...VALID.contact_location, location_id })).toEqual([
        { path: 'location_id', message: LEAD_MESSAGES.location_id },
      ]);
    }
    expect(fieldsOf(accept({ ...VALID.contact_location, location_id: '7' }))['location_id']).toBe(7);
  });
});

describe('car_id', () => {
  it.each(CAR_REQUIRED.flatMap((kind) => [undefined, 0, -1, 1.5, 'abc', ''].map((value) => [kind, value] as const)))(
    '%s with car_id %j gives the car message',
    (kind, value) => {
      expect(issuesOf({ ...VALID[kind], car_id: value })).toEqual([{ path: 'car_id', message: LEAD_MESSAGES.car_id }]);
    },
  );

  it.each(kinds('finance', 'trade_in', 'lead'))('%s takes an optional car_id', (kind) => {
    expect(issuesOf(without(VALID[kind], 'car_id'))).toEqual([]);
    expect(fieldsOf(accept({ ...VALID[kind], car_id: '1042' }))['car_id']).toBe(1042);
    expect(issuesOf({ ...VALID[kind], car_id: 0 })).toEqual([{ path: 'car_id', message: LEAD_MESSAGES.car_id }]);
  });

  it.each([
    ['car_type', 'certified'],
    ['vehicle_status', 'reserved'],
  ])('vehicle refuses %s = %j', (field, value) => {
    expect(issuesOf({ ...VALID.vehicle, [field]: value }).map((issue) => issue.path)).toEqual([field]);
  });
});

describe('test_drive', () => {
  it('requires a phone and a preferred time', () => {
    expect(issuesOf(without(VALID.test_drive, 'phone', 'preferred_time'))).toEqual([
      { path: 'phone', message: PHONE_MESSAGE },
      { path: 'preferred_time', message: LEAD_MESSAGES.preferred_time },
    ]);
  });

  it.each(['2026-12-01', 'tomorrow at 10', '', '2026-13-01T10:00:00Z'])(
    'refuses preferred_time %j',
    (preferred_time) => {
      expect(issuesOf({ ...VALID.test_drive, preferred_time })).toEqual([
        { path: 'preferred_time', message: LEAD_MESSAGES.preferred_time },
      ]);
    },
  );

  it.each(['2026-12-01T10:00:00Z', '2026-12-01T10:00:00.000+10:00'])('accepts preferred_time %j', (preferred_time) => {
    expect(issuesOf({ ...VALID.test_drive, preferred_time })).toEqual([]);
  });
});

describe('finance and service', () => {
  it.each([
    ['vehiclePriceBudget', -1, LEAD_MESSAGES.amount],
    ['vehiclePriceBudget', 'lots', LEAD_MESSAGES.amount],
    ['deposit', 1000.5, LEAD_MESSAGES.amount],
    ['term_years', 0.5, 'Please choose a term between 1 and 7 years.'],
    ['term_years', 8, 'Please choose a term between 1 and 7 years.'],
  ])('finance %s = %j gives %j', (field, value, message) => {
    expect(issuesOf({ ...VALID.finance, [field]: value })).toEqual([{ path: field, message }]);
  });

  it('a blank amount is absent, not $0', () => {
    const data = fieldsOf(accept({ ...VALID.finance, vehiclePriceBudget: '', deposit: '  ' }));
    expect(data['vehiclePriceBudget']).toBeUndefined();
    expect(data['deposit']).toBeUndefined();
  });

  it.each([
    ['preferred_date', '01/12/2026', LEAD_MESSAGES.preferred_date],
    ['preferred_date', '2026-02-30', LEAD_MESSAGES.preferred_date],
    ['odometer', -5, LEAD_MESSAGES.km],
    ['vehicle_year', 1949, LEAD_MESSAGES.year],
  ])('service %s = %j gives %j', (field, value, message) => {
    expect(issuesOf({ ...VALID.service, [field]: value })).toEqual([{ path: field, message }]);
  });

  it('service requires a phone', () => {
    expect(issuesOf(without(VALID.service, 'phone'))).toEqual([{ path: 'phone', message: PHONE_MESSAGE }]);
  });
});

describe('trade_in vehicle', () => {
  const person = without(VALID.trade_in, 'rego', 'rego_state');
  const described = { make: 'Toyota', model: 'Hilux', year: 2020, km: 85000 };
  const vehicleError = [{ path: 'rego', message: LEAD_MESSAGES.trade_in_vehicle }];

  it('accepts a rego with its state, or a make, model, year and km', () => {
    expect(issuesOf({ ...person, rego: 'ABC123', rego_state: 'NSW' })).toEqual([]);
    expect(fieldsOf(accept({ ...person, ...described, year: '2020', km: '85000' }))).toMatchObject(described);
    expect(issuesOf({ ...person, ...described, km: 0 })).toEqual([]);
  });

  it.each([
    ['nothing', {}],
    ['a rego without a state', { rego: 'ABC123' }],
    ['a state without a rego', { rego_state: 'VIC' }],
    ['a blank rego', { rego: '  ', rego_state: 'VIC' }],
    ['no km', { make: 'Toyota', model: 'Hilux', year: 2020 }],
    ['no year', { make: 'Toyota', model: 'Hilux', km: 85000 }],
    ['no model', { make: 'Toyota', year: 2020, km: 85000 }],
    ['no make', { model: 'Hilux', year: 2020, km: 85000 }],
    ['a blank km', { ...described, km: '' }],
    ['a blank make', { ...described, make: '' }],
  ])('refuses %s with the trade-in vehicle message', (_label, vehicle) => {
    expect(issuesOf({ ...person, ...vehicle })).toEqual(vehicleError);
  });

  it('a blank km beside a rego is absent, not 0 km', () => {
    expect(fieldsOf(accept({ ...person, rego: 'ABC123', rego_state: 'VIC', km: '' }))['km']).toBeUndefined();
  });

  it.each([
    ['rego_state', 'XYZ', LEAD_MESSAGES.rego_state],
    ['rego_state', 'vic', LEAD_MESSAGES.rego_state],
    ['km', -1, LEAD_MESSAGES.km],
    ['km', 1000.5, LEAD_MESSAGES.km],
    ['km', 2_000_001, LEAD_MESSAGES.km],
    ['km', 'lots', LEAD_MESSAGES.km],
    ['year', 1949, LEAD_MESSAGES.year],
    ['year', 2020.5, LEAD_MESSAGES.year],
    ['year', 'old', LEAD_MESSAGES.year],
  ])('%s = %j gives %j (and only that)', (field, value, message) => {
    expect(issuesOf({ ...VALID.trade_in, ...described, [field]: value })).toEqual([{ path: field, message }]);
  });

  it('takes valuation adjustment answers', () => {
    const adjustmentAnswers = { 'Any accident damage?': 'No', 'Number of keys': 2, 'Service history': true };
    expect(fieldsOf(accept({ ...VALID.trade_in, adjustmentAnswers }))['adjustmentAnswers']).toEqual(adjustmentAnswers);
    expect(issuesOf({ ...VALID.trade_in, adjustmentAnswers: { keys: [1] } }).map((issue) => issue.path)).toEqual([
      'adjustmentAnswers.keys',
    ]);
  });

  it('is not sent terms_conditions: that is an enquiry field', () => {
    expect(errorsOf({ ...VALID.trade_in, terms_conditions: true }).fields).toEqual({
      terms_conditions: "Unknown field 'terms_conditions': remove it or check its spelling",
    });
  });
});

describe('year limit (checked against the current year in Sydney, per call)', () => {
  const described = { make: 'Toyota', model: 'Hilux', km: 85000 };
  afterEach(() => jest.useRealTimers());

  it('accepts next year and refuses two years ahead', () => {
    jest.useFakeTimers({ now: new Date('2026-06-15T02:00:00Z') });
    expect(issuesOf({ ...VALID.trade_in, ...described, year: 2027 })).toEqual([]);
    expect(issuesOf({ ...VALID.trade_in, ...described, year: '2027' })).toEqual([]);
    expect(issuesOf({ ...VALID.trade_in, ...described, year: 2028 })).toEqual([
      { path: 'year', message: LEAD_MESSAGES.year },
    ]);
    expect(issuesOf({ ...VALID.service, vehicle_year: 2028 })).toEqual([
      { path: 'vehicle_year', message: LEAD_MESSAGES.year },
    ]);
    expect(issuesOf({ ...VALID.trade_in, ...described, year: 1950 })).toEqual([]);
  });

  it('moves with the clock rather than being fixed when the module loads', () => {
    jest.useFakeTimers({ now: new Date('2030-06-15T02:00:00Z') });
    expect(issuesOf({ ...VALID.trade_in, ...described, year: 2031 })).toEqual([]);
    expect(issuesOf({ ...VALID.trade_in, ...described, year: 2032 })).toEqual([
      { path: 'year', message: LEAD_MESSAGES.year },
    ]);
  });

  it("on New Year's Eve in UTC it is already next year in Sydney", () => {
    jest.useFakeTimers({ now: new Date('2026-12-31T14:00:00Z') });
    expect(issuesOf({ ...VALID.trade_in, ...described, year: 2028 })).toEqual([]);
    expect(issuesOf({ ...VALID.trade_in, ...described, year: 2029 })).toEqual([
      { path: 'year', message: LEAD_MESSAGES.year },
    ]);
  });
});

describe('offer_accepted', () => {
  it.each([undefined, '', 'not-a-uuid', '6f1c2b1e8d3a4b8e9c2f1a2b3c4d5e6f', 42])(
    'lead_id %j gives the lead_id message',
    (lead_id) => {
      expect(issuesOf({ ...VALID.offer_accepted, lead_id })).toEqual([
        { path: 'lead_id', message: LEAD_MESSAGES.lead_id },
      ]);
    },
  );

  it.each([undefined, false, 'true', 1])('offer_accepted %j gives the offer message', (offer_accepted) => {
    expect(issuesOf({ ...VALID.offer_accepted, offer_accepted })).toEqual([
      { path: 'offer_accepted', message: LEAD_MESSAGES.offer_accepted },
    ]);
  });

  it('defaults form_completed to true and keeps an explicit false', () => {
    expect(fieldsOf(accept(VALID.offer_accepted))['form_completed']).toBe(true);
    expect(fieldsOf(accept({ ...VALID.offer_accepted, form_completed: false }))['form_completed']).toBe(false);
  });

  it("always files under subcategory '3. Offer Accepted', keeping a sent category", () => {
    expect(leadRouting(accept({ ...VALID.offer_accepted, subcategory: 'Something else' }))).toEqual({
      category: 'Trade-In Valuation',
      subcategory: '3. Offer Accepted',
    });
    expect(leadRouting(accept({ ...VALID.offer_accepted, category: 'Sell My Car' }))).toEqual({
      category: 'Sell My Car',
      subcategory: '3. Offer Accepted',
    });
  });

  it('carries no contact details', () => {
    expect(errorsOf({ ...VALID.offer_accepted, email: 'jane@example.com.au' }).fields).toEqual({
      email: "Unknown field 'email': remove it or check its spelling",
    });
  });
});

describe('leadRouting', () => {
  it("maps the careers form and the 'Careers Enquiry' category to General Enquiry / Career Enquiry", () => {
    const careersEnquiry = { category: 'General Enquiry', subcategory: 'Career Enquiry' };
    expect(leadRouting(accept(VALID.careers))).toEqual(careersEnquiry);
    expect(leadRouting(accept({ ...VALID.careers, category: 'Something', subcategory: 'Other' }))).toEqual(
      careersEnquiry,
    );
    expect(leadRouting(accept({ ...VALID.general, category: 'Careers Enquiry' }))).toEqual(careersEnquiry);
    expect(leadRouting(accept({ ...VALID.general, category: 'Careers Enquiry', subcategory: 'Other' }))).toEqual(
      careersEnquiry,
    );
    expect(leadRouting(accept({ ...VALID.contact_location, category: 'Careers Enquiry' }))).toEqual(careersEnquiry);
  });

  it('keeps a sent category and subcategory, and falls back to the kind default', () => {
    expect(
      leadRouting(accept({ ...VALID.vehicle, category: 'Used Vehicle Enquiry', subcategory: 'Used Enquiry' })),
    ).toEqual({
      category: 'Used Vehicle Enquiry',
      subcategory: 'Used Enquiry',
    });
    expect(leadRouting(accept({ ...VALID.vehicle, category: '', subcategory: '' }))).toEqual({
      category: 'Vehicle Enquiry',
      subcategory: null,
    });
    expect(leadRouting(accept({ ...VALID.lead, category: 'Sell My Car' }))).toEqual({
      category: 'Sell My Car',
      subcategory: null,
    });
  });
});

describe('unknown form', () => {
  const formIssue = { path: 'form', message: `Use one of: ${LEAD_FORMS.join(', ')}` };

  it.each([
    { form: 'nope' },
    { ...VALID.general, form: 'General' },
    without(VALID.general, 'form'),
    { form: 3 },
    { form: null },
  ])('%j is an error on form', (body) => {
    expect(issuesOf(body)).toEqual([formIssue]);
    expect(errorsOf(body)).toEqual({ fields: { form: formIssue.message }, list: [formIssue.message] });
  });
});

describe('unknown fields', () => {
  it.each(ALL)('%s refuses and names an unknown field', (kind) => {
    const result = parseLeadSubmission({ ...VALID[kind], x: 1 });
    expect(result.success).toBe(false);
    expect(errorsOf({ ...VALID[kind], x: 1 })).toEqual({
      fields: { x: "Unknown field 'x': remove it or check its spelling" },
      list: ["Unknown field 'x': remove it or check its spelling"],
    });
  });

  it('names a misspelt field among the known ones', () => {
    expect(errorsOf({ ...without(VALID.general, 'message'), mesage: 'Hello' }).fields).toEqual({
      mesage: "Unknown field 'mesage': remove it or check its spelling",
      message: REQUIRED_MESSAGES.message,
    });
  });

  it('names several unknown fields', () => {
    expect(Object.keys(errorsOf({ ...VALID.lead, a: 1, b: 2 }).fields)).toEqual(['a', 'b']);
  });

  it('names an unknown field inside userData by its full path', () => {
    expect(errorsOf({ ...VALID.general, userData: { url: '/', lead_attributes: { bogus: 1 } } }).fields).toEqual({
      'userData.lead_attributes.bogus':
        "Unknown field 'userData.lead_attributes.bogus': remove it or check its spelling",
    });
  });
});

describe('leadFormErrors', () => {
  it('names a field sent as __proto__ like any unknown field, and the prototype stays put', () => {
    const body = JSON.parse(
      '{"form":"general","name":"Jane","email":"jane@example.com.au","phone":"0412 345 678","message":"Hi","terms_conditions":true,"__proto__":{"x":1}}',
    ) as unknown;
    const errors = errorsOf(body);
    expect(Object.getOwnPropertyDescriptor(errors.fields, '__proto__')?.value).toBe(
      "Unknown field '__proto__': remove it or check its spelling",
    );
    expect(errors.list).toContain("Unknown field '__proto__': remove it or check its spelling");
    expect(Object.getPrototypeOf(errors.fields)).toBe(Object.prototype);
  });

  it('lists every failing field of the form at once', () => {
    const body = {
      form: 'general',
      name: '',
      email: 'jane@',
      phone: '12345',
      category: '',
      message: '',
      terms_conditions: false,
      surname: 'Citizen',
    };
    const errors = errorsOf(body, { dealershipRequired: true });
    expect(errors.fields).toEqual({
      name: REQUIRED_MESSAGES.name,
      email: EMAIL_MESSAGE,
      phone: PHONE_MESSAGE,
      category: REQUIRED_MESSAGES.category,
      location: REQUIRED_MESSAGES.location,
      terms_conditions: TERMS_MESSAGE,
      surname: "Unknown field 'surname': remove it or check its spelling",
      message: REQUIRED_MESSAGES.message,
      dealership_slug: REQUIRED_MESSAGES.dealership_slug,
    });
    expect([...errors.list].sort()).toEqual(Object.values(errors.fields).sort());
  });

  it('lists the trade-in vehicle rule beside the other field errors', () => {
    const errors = errorsOf({
      form: 'trade_in',
      name: 'Jane',
      last_name: '',
      postcode: '123',
      phone: '0412 345 678',
      email: 'jane@example.com.au',
    });
    expect(errors.fields).toEqual({
      last_name: REQUIRED_MESSAGES.last_name,
      postcode: POSTCODE_MESSAGE,
      rego: LEAD_MESSAGES.trade_in_vehicle,
    });
  });

  it('de-duplicates the messages of the list, keeping one entry per field', () => {
    const errors = errorsOf({ ...VALID.finance, vehiclePriceBudget: -1, deposit: 'x' });
    expect(errors.fields).toEqual({ vehiclePriceBudget: LEAD_MESSAGES.amount, deposit: LEAD_MESSAGES.amount });
    expect(errors.list).toEqual([LEAD_MESSAGES.amount]);
  });

  it('keeps the first message of a field with several issues', () => {
    const errors = errorsOf({ ...VALID.trade_in, make: 'Toyota', model: 'Hilux', km: 1000, year: 1949.5 });
    expect(errors.fields).toEqual({ year: LEAD_MESSAGES.year });
    expect(errors.list).toEqual([LEAD_MESSAGES.year]);
  });

  it('keys nested issues by their dotted path', () => {
    expect(errorsOf({ ...VALID.general, userData: { url: 5 } }).fields).toEqual({ 'userData.url': expect.any(String) });
  });
});

describe('non-object bodies', () => {
  it.each([null, undefined, 'general', 42, true, [], [VALID.general]])('%j is refused without throwing', (body) => {
    expect(() => parseLeadSubmission(body)).not.toThrow();
    const result = parseLeadSubmission(body);
    expect(result.success).toBe(false);
    expect(Object.keys(errorsOf(body).fields)).toEqual(['form']);
  });

  it.each(ALL)('leadFormSchema(%s) refuses null without throwing', (kind) => {
    expect(() => leadFormSchema(kind).safeParse(null)).not.toThrow();
    expect(leadFormSchema(kind).safeParse(null).success).toBe(false);
  });
});
