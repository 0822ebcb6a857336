import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  dealershipBrands,
  dealershipConfigLayer,
  DealershipPutSchema,
  locationBrands,
  LocationPutSchema,
  ManufacturerPutSchema,
  manufacturerReferences,
  OnboardingDocumentSchema,
  primaryHostOf,
  primaryLocationIndex,
  SitePatchSchema,
} from './onboarding';

/** The example ops start from (infra/onboarding/example-dealer.json). */
const EXAMPLE = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../../../infra/onboarding/example-dealer.json'), 'utf8'),
) as Record<string, any>;
const example = (): Record<string, any> => structuredClone(EXAMPLE);

const refusals = (value: unknown) =>
  OnboardingDocumentSchema.safeParse(value).error?.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  })) ?? [];

describe('the onboarding document', () => {
  it('reads the example dealer, with defaults for what it leaves out', () => {
    const doc = OnboardingDocumentSchema.parse(example());
    expect(primaryHostOf(doc)).toBe('geelong-mitsubishi.localhost');
    const [dealership] = doc.dealerships;
    expect(dealershipBrands(dealership!)).toEqual(['mitsubishi']);
    expect(locationBrands(dealership!, dealership!.locations[1]!)).toEqual(['mitsubishi']);
    expect(primaryLocationIndex(dealership!)).toBe(0);
    expect(dealershipConfigLayer(dealership!).leads).toEqual({
      crm_webhook_url: null,
      save_valuation: true,
      notify_emails: ['sales@geelongmitsubishi.com.au'],
    });
    expect(manufacturerReferences(doc)).toEqual([{ path: ['dealerships', 0, 'manufacturer'], slug: 'mitsubishi' }]);
    expect(dealership!.locations[1]!.special_hours[0]).toEqual({
      date: '2026-12-25',
      department: 'all',
      hours: 'closed',
    });
  });

  it.each<[string, (doc: Record<string, any>) => void, string, string]>([
    [
      'hours 25:00',
      (doc) => (doc.dealerships[0].locations[0].hours.sales.monday.open = '25:00'),
      'dealerships.0.locations.0.hours.sales.monday.open',
      "'00:00' to '23:59'",
    ],
    [
      'a closing time before the opening time',
      (doc) => (doc.dealerships[0].locations[1].hours.service.friday = { open: '17:30', close: '07:30' }),
      'dealerships.0.locations.1.hours.service.friday.close',
      'not after it opens at 17:30',
    ],
    [
      'more than one primary host',
      (doc) => (doc.hosts[1].primary = true),
      'hosts.1.primary',
      'Only one host is primary',
    ],
    ['no primary host', (doc) => delete doc.hosts[0].primary, 'hosts', 'Mark one host'],
    [
      'a real domain as primary before it is verified',
      (doc) => {
        doc.hosts[0].primary = false;
        doc.hosts[1].primary = true;
      },
      'hosts.1.primary',
      'make geelong-mitsubishi.localhost primary for now',
    ],
    ['a host twice', (doc) => doc.hosts.push({ host: 'WWW.GeelongMitsubishi.com.au' }), 'hosts.2.host', 'listed twice'],
    [
      'a development host of another slug',
      (doc) => doc.hosts.push({ host: 'geelong.localhost' }),
      'hosts.2.host',
      'geelong-mitsubishi.localhost',
    ],
    ['a host with a scheme', (doc) => (doc.hosts[1].host = 'https://x.com.au'), 'hosts.1.host', 'no scheme'],
    [
      'a dealership slug twice',
      (doc) => doc.dealerships.push(structuredClone(doc.dealerships[0])),
      'dealerships.1.slug',
      'used twice',
    ],
    [
      'a location slug twice in a dealership',
      (doc) => (doc.dealerships[0].locations[1].slug = 'geelong-mitsubishi-sales'),
      'dealerships.0.locations.1.slug',
      'used twice',
    ],
    [
      'two primary locations',
      (doc) => (doc.dealerships[0].locations[1].primary = true),
      'dealerships.0.locations.1.primary',
      'geelong-mitsubishi-sales',
    ],
    [
      'a service location without service hours',
      (doc) => delete doc.dealerships[0].locations[1].hours.service,
      'dealerships.0.locations.1.hours.service',
      'hours.service',
    ],
    [
      'a postcode of three digits',
      (doc) => (doc.dealerships[0].locations[0].address.postcode = '322'),
      'dealerships.0.locations.0.address.postcode',
      'four-digit',
    ],
    [
      'a setting the pages cannot show',
      (doc) => (doc.site.config.theme.primary_colour = 'mitsubishi red'),
      'site.config.theme.primary_colour',
      'hex colour',
    ],
    [
      'lead emails given twice',
      (doc) => (doc.dealerships[0].config.leads.notify_emails = ['a@b.com.au']),
      'dealerships.0.config.leads.notify_emails',
      'lead_emails',
    ],
    [
      'an owner without an email address',
      (doc) => (doc.dealerships[0].owner.email = 'dana'),
      'dealerships.0.owner.email',
      'email address',
    ],
    ['a slug with capitals', (doc) => (doc.site.slug = 'Geelong'), 'site.slug', 'lower-case letters and digits'],
    [
      'a special day twice',
      (doc) => doc.dealerships[0].locations[0].special_hours.push({ date: '2026-12-25', hours: 'closed' }),
      'dealerships.0.locations.0.special_hours.4.date',
      'given twice',
    ],
    [
      'a date that does not exist',
      (doc) => (doc.dealerships[0].locations[0].special_hours[0].date = '2026-02-30'),
      'dealerships.0.locations.0.special_hours.0.date',
      'YYYY-MM-DD',
    ],
    ['a name of two lines', (doc) => (doc.site.name = 'Geelong\nMitsubishi'), 'site.name', 'one line'],
    [
      'a phone that is not Australian',
      (doc) => (doc.dealerships[0].phone = '555-1234'),
      'dealerships.0.phone',
      'Australian',
    ],
  ])('refuses %s, naming the field', (_what, change, at, message) => {
    const doc = example();
    change(doc);
    const found = refusals(doc);
    expect(found).toContainEqual({ path: at, message: expect.stringContaining(message) });
  });

  it('names every field that is wrong at once', () => {
    const doc = example();
    doc.dealerships[0].locations[0].hours.sales.monday.open = '25:00';
    doc.hosts[1].primary = true;
    doc.site.template = '';
    expect(refusals(doc).map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['site.template', 'dealerships.0.locations.0.hours.sales.monday.open']),
    );
  });

  it('answers any change to the document with the document or named issues, never a throw (property)', () => {
    const hostile = fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\u0000b', '\ud800', 'x'.repeat(5000), '25:00'),
      fc.jsonValue({ maxDepth: 3 }),
      fc.double(),
      fc.constant(2 ** 64),
    );
    /** Every path into the example, so a change can land anywhere. */
    const paths: (string | number)[][] = [];
    const walk = (node: unknown, at: (string | number)[]) => {
      paths.push(at);
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...at, i]));
      else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, [...at, k]);
    };
    walk(EXAMPLE, []);
    const change = fc.record({
      at: fc.constantFrom(...paths.filter((p) => p.length > 0)),
      value: hostile,
      asKey: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(change, { minLength: 1, maxLength: 4 }), (changes) => {
        const doc = example();
        for (const { at, value, asKey } of changes) {
          let node: any = doc;
          for (const key of at.slice(0, -1)) node = node?.[key];
          if (!node || typeof node !== 'object') continue;
          if (asKey && typeof value === 'string')
            Object.defineProperty(node, value, { value: 1, enumerable: true, configurable: true, writable: true });
          else node[at[at.length - 1]!] = value;
        }
        const parsed = OnboardingDocumentSchema.safeParse(doc);
        if (!parsed.success) for (const issue of parsed.error.issues) expect(issue.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a site patch', () => {
  it('changes the name or the status, and says so when it changes neither', () => {
    expect(SitePatchSchema.parse({ status: 'suspended' })).toEqual({ status: 'suspended' });
    expect(SitePatchSchema.safeParse({}).error?.issues[0]?.message).toContain('name or the status');
    expect(SitePatchSchema.safeParse({ status: 'retired' }).error?.issues[0]?.path).toEqual(['status']);
  });
});

describe('the ops records: a dealership, a location and a brand by themselves', () => {
  const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) ?? [];
  const dealership = () => {
    const { slug: _slug, owner: _owner, locations: _locations, ...fields } = example().dealerships[0];
    return fields;
  };
  const location = () => {
    const { slug: _slug, ...fields } = example().dealerships[0].locations[1];
    return fields;
  };

  it("takes the document's dealership without its slug, owner and locations, with the document's defaults", () => {
    const parsed = DealershipPutSchema.parse(dealership());
    expect(dealershipConfigLayer(parsed).leads?.notify_emails).toEqual(['sales@geelongmitsubishi.com.au']);
    expect(DealershipPutSchema.parse({ name: 'Torquay Used' })).toEqual({
      name: 'Torquay Used',
      manufacturer: null,
      brands: [],
      lead_emails: [],
    });
    expect(issuesOf(DealershipPutSchema.safeParse({ ...dealership(), locations: [] }))).toEqual([
      { path: '', message: expect.stringContaining('locations') },
    ]);
  });

  it("holds a dealership to the document's rules, naming the field", () => {
    const both = dealership();
    both.config.leads.notify_emails = ['a@b.com.au'];
    expect(issuesOf(DealershipPutSchema.safeParse(both))).toEqual([
      { path: 'config.leads.notify_emails', message: expect.stringContaining('lead_emails') },
    ]);
    expect(issuesOf(DealershipPutSchema.safeParse({ ...dealership(), phone: '555-1234' }))).toEqual([
      { path: 'phone', message: expect.stringContaining('Australian') },
    ]);
  });

  it("holds a location to the document's rules: hours 25:00, a closing before the opening, its own department's hours", () => {
    expect(LocationPutSchema.parse(location()).hours.service?.monday).toEqual({ open: '07:30', close: '17:30' });
    const late = location();
    late.hours.service.monday.open = '25:00';
    expect(issuesOf(LocationPutSchema.safeParse(late))).toEqual([
      { path: 'hours.service.monday.open', message: expect.stringContaining("'00:00' to '23:59'") },
    ]);
    const backwards = location();
    backwards.hours.service.friday = { open: '17:30', close: '07:30' };
    expect(issuesOf(LocationPutSchema.safeParse(backwards))).toEqual([
      { path: 'hours.service.friday.close', message: expect.stringContaining('not after it opens at 17:30') },
    ]);
    const noService = location();
    delete noService.hours.service;
    expect(issuesOf(LocationPutSchema.safeParse(noService))).toEqual([
      { path: 'hours.service', message: expect.stringContaining('hours.service') },
    ]);
    const twice = location();
    twice.special_hours.push({ date: '2026-12-25', hours: 'closed' });
    expect(issuesOf(LocationPutSchema.safeParse(twice))).toEqual([
      { path: 'special_hours.4.date', message: expect.stringContaining('given twice') },
    ]);
  });

  it('takes a brand record: a name, a logo (a site path or an http(s) address) and a configuration layer', () => {
    expect(ManufacturerPutSchema.parse({ name: 'Mitsubishi' })).toEqual({
      name: 'Mitsubishi',
      logo_url: null,
      config: {},
    });
    expect(ManufacturerPutSchema.parse({ name: 'Kia', logo_url: '/brands/kia.svg' }).logo_url).toBe('/brands/kia.svg');
    expect(issuesOf(ManufacturerPutSchema.safeParse({ name: 'Kia', logo_url: 'javascript:alert(1)' }))[0]?.path).toBe(
      'logo_url',
    );
    expect(
      issuesOf(ManufacturerPutSchema.safeParse({ name: 'Kia', config: { theme: { primary_colour: 'red' } } })),
    ).toEqual([{ path: 'config.theme.primary_colour', message: expect.stringContaining('hex colour') }]);
  });

  it('answers any JSON with the record or named issues, never a throw (property)', () => {
    for (const schema of [DealershipPutSchema, LocationPutSchema, ManufacturerPutSchema])
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
          const parsed = schema.safeParse(value);
          if (!parsed.success) for (const issue of parsed.error.issues) expect(issue.message.length).toBeGreaterThan(0);
        }),
        { numRuns: 200 },
      );
  });
});
