import { fieldErrors, preferencesRequest } from './preferences';

/** A FormData stand-in: the browser sends each checked box as 'on' and leaves unchecked ones out. */
const form = (entries: [string, string][]) => ({
  get: (name: string) => entries.find(([key]) => key === name)?.[1] ?? null,
  getAll: (name: string) => entries.filter(([key]) => key === name).map(([, value]) => value),
});

describe('the Notifications form', () => {
  it('sends checked boxes as true, unchecked as false, empty fields as null, each dealership listed once', () => {
    const { body, values } = preferencesRequest(
      form([
        ['notifySms', 'on'],
        ['mobile', ' 0412 345 678 '],
        ['smsConsent', 'on'],
        ['quietStart', '21:00'],
        ['quietEnd', ''],
        ['dealership', 'north'],
        ['dealership', 'west'],
        ['dealership', 'north'],
        ['dealership', 'Not A Slug'],
        ['takes:west', 'on'],
      ]),
    );
    expect(body).toEqual({
      notifyEmail: false,
      notifySms: true,
      mobile: '0412 345 678',
      smsConsent: true,
      quietStart: '21:00',
      quietEnd: null,
      dealerships: [
        { slug: 'north', takesLeads: false },
        { slug: 'west', takesLeads: true },
      ],
    });
    expect(values).toMatchObject({ mobile: '0412 345 678', quietEnd: '', takes: { north: false, west: true } });
  });

  it("puts each of the api's problems under its field, a dealership's under that dealership's box", () => {
    expect(
      fieldErrors(
        [
          { path: 'mobile', message: 'Bad mobile' },
          { path: 'mobile', message: 'Second' },
          { path: 'dealerships.1.takesLeads', message: 'Viewer' },
          { path: 'dealerships.7.slug', message: 'Unknown' },
          { path: '(root)', message: 'Root' },
        ],
        ['north', 'west'],
        'fallback',
      ),
    ).toEqual({ mobile: 'Bad mobile', 'takes:west': 'Viewer', form: 'Unknown' });
    expect(fieldErrors(undefined, [], 'The platform did not answer.')).toEqual({
      form: 'The platform did not answer.',
    });
  });
});
