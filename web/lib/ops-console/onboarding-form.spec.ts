import { OnboardingDocumentSchema } from '@platform/domain';
import { documentFromForm, fieldOfPath, LOCATION, type FormValues } from './onboarding-form';

const filled: FormValues = {
  'site.name': 'Ballarat Kia',
  'site.slug': 'ballarat-kia',
  'site.template': 'single-brand',
  'site.time_zone': 'Australia/Melbourne',
  hosts: 'WWW.ballaratkia.com.au\n ballaratkia.com.au , ballarat-kia.localhost',
  'dealerships.0.manufacturer': 'kia',
  'dealerships.0.phone': '03 5331 2000',
  'dealerships.0.lead_emails': 'sales@ballaratkia.com.au, internet@ballaratkia.com.au',
  'dealerships.0.owner.name': 'Sam Lee',
  'dealerships.0.owner.email': 'sam@ballaratkia.com.au',
  [`${LOCATION}.name`]: 'Ballarat Kia Sales',
  [`${LOCATION}.location_type`]: 'service',
  [`${LOCATION}.address.street`]: '1 Main Road',
  [`${LOCATION}.address.suburb`]: 'Ballarat',
  [`${LOCATION}.address.postcode`]: '3350',
  'week.monday.open': '08:00',
  'week.monday.close': '17:00',
  'week.saturday.open': '09:00',
  'week.saturday.close': '',
  'week.sunday.closed': 'on',
  'week.sunday.open': '10:00',
};

describe('the onboarding form as a document', () => {
  it('makes the development host primary first, then each domain once, lower case', () => {
    const doc = documentFromForm(filled) as { hosts: unknown[] };
    expect(doc.hosts).toEqual([
      { host: 'ballarat-kia.localhost', primary: true },
      { host: 'www.ballaratkia.com.au' },
      { host: 'ballaratkia.com.au' },
    ]);
  });

  it("puts the week under the location's own department, blank days left out and half days sent as typed", () => {
    const doc = documentFromForm(filled) as { dealerships: { locations: { hours: unknown; slug: string }[] }[] };
    const [dealership] = doc.dealerships;
    const location = dealership?.locations[0];
    expect(location?.slug).toBe('ballarat-kia-service');
    expect(location?.hours).toEqual({
      service: {
        monday: { open: '08:00', close: '17:00' },
        saturday: { open: '09:00', close: '' },
        sunday: 'closed',
      },
    });
  });

  it('is a document the api schema takes once complete, and names the half day when not', () => {
    const complete = { ...filled, 'week.saturday.close': '12:00' };
    expect(OnboardingDocumentSchema.safeParse(documentFromForm(complete)).success).toBe(true);
    const half = OnboardingDocumentSchema.safeParse(documentFromForm(filled));
    expect(half.success).toBe(false);
    const paths = (half.error?.issues ?? []).map((issue) => issue.path.join('.'));
    expect(paths.some((path) => path.startsWith(`${LOCATION}.hours.service.saturday`))).toBe(true);
  });

  it('defaults the dealership to the site: its slug and name', () => {
    const doc = documentFromForm(filled) as { dealerships: { slug: string; name: string; lead_emails: string[] }[] };
    expect(doc.dealerships[0]).toMatchObject({
      slug: 'ballarat-kia',
      name: 'Ballarat Kia',
      lead_emails: ['sales@ballaratkia.com.au', 'internet@ballaratkia.com.au'],
    });
  });
});

describe('fieldOfPath', () => {
  const fields = new Set(['site.slug', `${LOCATION}.address.postcode`, 'hosts', 'dealerships.0.owner.email']);

  it('finds the field of a path, or of the nearest path above it', () => {
    expect(fieldOfPath('site.slug', fields)).toBe('site.slug');
    expect(fieldOfPath(`${LOCATION}.address.postcode`, fields)).toBe(`${LOCATION}.address.postcode`);
    expect(fieldOfPath('dealerships.0.owner.email', fields)).toBe('dealerships.0.owner.email');
    expect(fieldOfPath('site.config.theme', fields)).toBeNull();
  });

  it('puts the hours by weekday and every host in the hosts box', () => {
    expect(fieldOfPath(`${LOCATION}.hours.sales.tuesday.close`, fields)).toBe('week.tuesday.close');
    expect(fieldOfPath(`${LOCATION}.hours.service.friday`, fields)).toBe('week.friday.open');
    expect(fieldOfPath(`${LOCATION}.hours.sales`, fields)).toBe('week.monday.open');
    expect(fieldOfPath('hosts.2.host', fields)).toBe('hosts');
    expect(fieldOfPath('hosts', fields)).toBe('hosts');
  });
});
