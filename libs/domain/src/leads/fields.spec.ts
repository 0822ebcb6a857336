import {
  AustralianPhoneSchema,
  EMAIL_MESSAGE,
  EmailSchema,
  enquiryFormSchema,
  LeadFormSchema,
  PHONE_MESSAGE,
  POSTCODE_MESSAGE,
  PostcodeSchema,
  REQUIRED_MESSAGES,
  TERMS_MESSAGE,
  VehicleEnquiryDefaultsSchema,
} from './fields';

type Issue = { path: string; message: string };
const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Issue[] =>
  result.success
    ? []
    : (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

const validEnquiry = {
  name: 'Jane Citizen',
  email: 'jane@example.com.au',
  phone: '0412 345 678',
  message: 'Is this car still available?',
  category: 'General Enquiry',
  location: '31',
  terms_conditions: true,
};

describe('PostcodeSchema', () => {
  it.each([
    ['3030', true],
    ['0800', true],
    [' 3030 ', true],
    ['303', false],
    ['30300', false],
    ['3,03', false],
    ['3,030', false],
    ['30a0', false],
    ['', false],
    [3030, false],
    [undefined, false],
  ])('%j valid: %s', (input, ok) => {
    const issues = issuesOf(PostcodeSchema.safeParse(input));
    expect(issues).toEqual(ok ? [] : [{ path: '', message: POSTCODE_MESSAGE }]);
  });

  it('uses the specification message', () => {
    expect(POSTCODE_MESSAGE).toBe('Invalid postcode. Please enter a 4-digit number.');
  });
});

describe('AustralianPhoneSchema', () => {
  it.each([
    ['0412345678', true],
    ['0412 345 678', true],
    ['+61412345678', true],
    ['+61 412 345 678', true],
    ['02 9876 5432', true],
    ['03 9742 0000', true],
    ['(03) 9742 0000', false],
    ['07 3000 0000', true],
    ['08 8000 0000', true],
    ['+61 3 9742 0000', true],
    ['0512 345 678', false],
    ['041234567', false],
    ['04123456789', false],
    ['0412  345 678', false],
    ['+1 415 555 0100', false],
    ['', false],
  ])('%j valid: %s', (input, ok) => {
    expect(issuesOf(AustralianPhoneSchema.safeParse(input))).toEqual(ok ? [] : [{ path: '', message: PHONE_MESSAGE }]);
  });
});

describe('EmailSchema', () => {
  it.each([
    ['jane@example.com.au', true],
    [' jane@example.com ', true],
    ['jane@', false],
    ['jane.example.com', false],
    ['', false],
  ])('%j valid: %s', (input, ok) => {
    expect(issuesOf(EmailSchema.safeParse(input))).toEqual(ok ? [] : [{ path: '', message: EMAIL_MESSAGE }]);
  });
});

describe('enquiryFormSchema', () => {
  it('accepts a valid enquiry and defaults opt_in to true', () => {
    const form = enquiryFormSchema().parse(validEnquiry);
    expect(form.opt_in).toBe(true);
    expect(enquiryFormSchema().parse({ ...validEnquiry, opt_in: false }).opt_in).toBe(false);
  });

  it.each([
    ['unchecked', false],
    ['missing', undefined],
    ['a truthy string', 'on'],
  ])('terms_conditions %s gives the specification message', (_label, value) => {
    expect(issuesOf(enquiryFormSchema().safeParse({ ...validEnquiry, terms_conditions: value }))).toEqual([
      { path: 'terms_conditions', message: TERMS_MESSAGE },
    ]);
    expect(TERMS_MESSAGE).toBe('*You must agree to the terms of use before submitting.');
  });

  it.each([
    ['default options (message required)', undefined, undefined, false],
    ['default options (message required)', undefined, '   ', false],
    ['messageRequired true', { messageRequired: true }, '', false],
    ['messageRequired false', { messageRequired: false }, undefined, true],
    ['messageRequired false', { messageRequired: false }, '', true],
    ['messageRequired true', { messageRequired: true }, 'Hello', true],
  ])('%s with message %j valid: %s', (_label, options, message, ok) => {
    const issues = issuesOf(enquiryFormSchema(options).safeParse({ ...validEnquiry, message }));
    expect(issues).toEqual(ok ? [] : [{ path: 'message', message: REQUIRED_MESSAGES.message }]);
  });

  it.each([
    [{}, undefined, true],
    [{ dealershipRequired: false }, '', true],
    [{ dealershipRequired: true }, undefined, false],
    [{ dealershipRequired: true }, '', false],
    [{ dealershipRequired: true }, 'werribee-toyota', true],
  ])('options %j with dealership_slug %j valid: %s', (options, dealership_slug, ok) => {
    const issues = issuesOf(enquiryFormSchema(options).safeParse({ ...validEnquiry, dealership_slug }));
    expect(issues).toEqual(ok ? [] : [{ path: 'dealership_slug', message: REQUIRED_MESSAGES.dealership_slug }]);
  });

  it.each([
    ['category', '', REQUIRED_MESSAGES.category],
    ['location', undefined, REQUIRED_MESSAGES.location],
    ['name', ' ', REQUIRED_MESSAGES.name],
    ['email', 'not-an-email', EMAIL_MESSAGE],
    ['phone', '12345', PHONE_MESSAGE],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(issuesOf(enquiryFormSchema().safeParse({ ...validEnquiry, [field]: value }))).toEqual([
      { path: field, message },
    ]);
  });

  it.each([
    ['Rego', 'ABC123'],
    ['Rego', ''],
    ['phone', ''],
    ['phone', undefined],
    ['page_id', 12],
    ['subcategory', 'Career Enquiry'],
    ['additional_services', ['Wheel alignment']],
  ])('optional %s = %j is accepted', (field, value) => {
    expect(enquiryFormSchema().safeParse({ ...validEnquiry, [field]: value }).success).toBe(true);
  });

  it('lists every failing field at once', () => {
    const issues = issuesOf(
      enquiryFormSchema({ dealershipRequired: true }).safeParse({
        ...validEnquiry,
        message: '',
        terms_conditions: false,
      }),
    );
    expect(issues.map((issue) => issue.path).sort()).toEqual(['dealership_slug', 'message', 'terms_conditions']);
  });

  it('refuses a non-object without throwing', () => {
    expect(issuesOf(enquiryFormSchema().safeParse(null))).toHaveLength(1);
  });
});

describe('VehicleEnquiryDefaultsSchema', () => {
  it('parses the vehicle-page defaults with opt_in true', () => {
    const defaults = VehicleEnquiryDefaultsSchema.parse({
      dealership_slug: 'werribee-toyota',
      manufacturer_slug: 'toyota',
      stock_number: 'U12345',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'Hilux',
      car_type: 'used',
      car_id: 1042,
      vehicle_status: 'in_stock',
      subcategory: 'Used Enquiry',
    });
    expect(defaults.opt_in).toBe(true);
    expect(defaults['Vehicle Make']).toBe('Toyota');
  });

  it.each([
    ['car_type', 'certified'],
    ['vehicle_status', 'reserved'],
  ])('refuses %s = %j', (field, value) => {
    const result = VehicleEnquiryDefaultsSchema.safeParse({
      stock_number: 'U1',
      'Vehicle Make': 'Toyota',
      'Vehicle Model': 'Hilux',
      car_type: 'used',
      car_id: 1,
      vehicle_status: 'sold',
      [field]: value,
    });
    expect(issuesOf(result).map((issue) => issue.path)).toEqual([field]);
  });
});

describe('LeadFormSchema', () => {
  const validLead = {
    hidden: 'valuation',
    name: 'Jane',
    last_name: 'Citizen',
    postcode: '3030',
    phone: '0412 345 678',
    email: 'jane@example.com.au',
  };

  it('accepts a valid lead', () => {
    expect(LeadFormSchema.parse(validLead)).toEqual(validLead);
  });

  it.each([
    ['postcode', '303', POSTCODE_MESSAGE],
    ['postcode', '30300', POSTCODE_MESSAGE],
    ['postcode', '3,03', POSTCODE_MESSAGE],
    ['phone', '1234', PHONE_MESSAGE],
    ['email', 'jane', EMAIL_MESSAGE],
    ['name', '', REQUIRED_MESSAGES.name],
    ['last_name', undefined, REQUIRED_MESSAGES.last_name],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(issuesOf(LeadFormSchema.safeParse({ ...validLead, [field]: value }))).toEqual([{ path: field, message }]);
  });
});
