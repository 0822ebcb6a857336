import { ANALYTICS_EVENT_IDS, ANALYTICS_EVENTS, LeadEventInput, leadEventId, TEST_DRIVE_ONLY_TAG } from './analytics';
import { LEAD_FORMS } from './lead-forms';

describe('ANALYTICS_EVENT_IDS', () => {
  it("equals the specification's list (spec 001 §9) without duplicates", () => {
    const spec = [22, 51, 14, 15, 17, 48, 26, 4, 18, 25, 39, 49, 60, 61];
    expect([...ANALYTICS_EVENT_IDS].sort((a, b) => a - b)).toEqual([...spec].sort((a, b) => a - b));
    expect(new Set(ANALYTICS_EVENT_IDS).size).toBe(ANALYTICS_EVENT_IDS.length);
  });

  it('names the lead and calculator events with their specification ids', () => {
    expect(ANALYTICS_EVENTS).toMatchObject({
      defaultEnquiry: 22,
      careersEnquiry: 51,
      newEnquiry: 14,
      usedEnquiry: 15,
      newTestDrive: 17,
      usedTestDrive: 48,
      calculatorFirstUse: 26,
    });
    for (const id of Object.values(ANALYTICS_EVENTS)) expect(ANALYTICS_EVENT_IDS).toContain(id);
  });

  it('gives every id the specifications name an action that sends it: none is accepted yet never sent', () => {
    expect(new Set(Object.values(ANALYTICS_EVENTS))).toEqual(new Set(ANALYTICS_EVENT_IDS));
    // The spec says only that 4, 18, 49, 60 and 61 occur; the actions chosen for them (architecture.md).
    expect(ANALYTICS_EVENTS).toMatchObject({ phoneReveal: 4, share: 18, reserve: 49, printPdf: 60, tradeIn: 61 });
  });

  it("uses the tag text 'Test Drive Only'", () => {
    expect(TEST_DRIVE_ONLY_TAG).toBe('Test Drive Only');
  });
});

describe('leadEventId', () => {
  it.each<[string, LeadEventInput, number]>([
    ['careers form', { form: 'careers' }, 51],
    ['careers form on a vehicle page', { form: 'careers', carType: 'new' }, 51],
    ['Career Enquiry subcategory on the general form', { form: 'general', subcategory: 'Career Enquiry' }, 51],
    [
      'Career Enquiry subcategory on the contact-location form',
      { form: 'contact_location', subcategory: 'Career Enquiry' },
      51,
    ],
    ['test drive of a new car', { form: 'test_drive', carType: 'new' }, 17],
    [
      'test drive of a used car tagged Test Drive Only',
      { form: 'test_drive', carType: 'used', carTag: 'Test Drive Only' },
      17,
    ],
    [
      'test drive of a demo car tagged Test Drive Only',
      { form: 'test_drive', carType: 'demo', carTag: 'Test Drive Only' },
      17,
    ],
    ['test drive of a new car with another tag', { form: 'test_drive', carType: 'new', carTag: 'Sale' }, 17],
    ['test drive of a used car', { form: 'test_drive', carType: 'used' }, 48],
    ['test drive of a demo car', { form: 'test_drive', carType: 'demo' }, 48],
    ['test drive of a used car with another tag', { form: 'test_drive', carType: 'used', carTag: 'Sale' }, 48],
    ['test drive of an unknown car', { form: 'test_drive', carType: null, carTag: null }, 48],
    ['vehicle enquiry on a new car', { form: 'vehicle', carType: 'new' }, 14],
    ['vehicle enquiry on a used car', { form: 'vehicle', carType: 'used' }, 15],
    ['vehicle enquiry on a demo car', { form: 'vehicle', carType: 'demo' }, 15],
    [
      'vehicle enquiry on a used car tagged Test Drive Only',
      { form: 'vehicle', carType: 'used', carTag: 'Test Drive Only' },
      15,
    ],
    ['vehicle enquiry without a car type', { form: 'vehicle' }, 22],
    ['vehicle enquiry with a null car type', { form: 'vehicle', carType: null }, 22],
    ['general enquiry', { form: 'general' }, 22],
    ['general enquiry with another subcategory', { form: 'general', subcategory: 'Sales' }, 22],
    ['general enquiry from a new-car page', { form: 'general', carType: 'new' }, 22],
    ['finance enquiry on a new car', { form: 'finance', carType: 'new' }, 22],
    ['trade-in', { form: 'trade_in' }, 22],
    ['lead form', { form: 'lead' }, 22],
  ])('%s -> %i', (_label, input, id) => {
    expect(leadEventId(input)).toBe(id);
  });

  it.each([...LEAD_FORMS])('%s always gives an id from the specification list', (form) => {
    for (const carType of ['new', 'used', 'demo', null, undefined]) {
      expect(ANALYTICS_EVENT_IDS).toContain(leadEventId({ form, carType }));
    }
  });
});
