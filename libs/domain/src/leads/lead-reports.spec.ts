import fc from 'fast-check';
import { openTimeCounter, type BusinessHours } from '../hours/business-clock';
import { responseMinutes } from './response-clock';
import { CAMPAIGN_QUERY_PARAMS } from './visit-trail';
import { DIRECT_SOURCE, leadReport, leadSource, percentile, type ReportLead } from './lead-reports';
import { AI_ASSISTANT_LEAD_SOURCE } from '../syndication/attribution';

const MINUTE = 60_000;
/** Open every minute: response time is plain elapsed time. */
const ALWAYS: BusinessHours = { timeZone: 'Australia/Sydney', hours: [] };
/** Sales open 9:00-17:00 Monday to Friday. */
const WEEKDAYS: BusinessHours = {
  timeZone: 'Australia/Sydney',
  hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '09:00', close: '17:00' })),
};

const lead = (over: Partial<ReportLead> = {}): ReportLead => ({
  form: 'general',
  status: 'new',
  createdAt: new Date('2026-03-02T00:00:00Z'),
  firstResponseAt: null,
  assignedUserId: null,
  assignedName: null,
  userData: { source: 'Website', url: '/', lead_attributes: { visited_pages: [], linked_query_params: {} } },
  clock: ALWAYS,
  ...over,
});
const tagged = (params: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  source: 'Website',
  url: '/cars/ute',
  lead_attributes: { visited_pages: ['/'], linked_query_params: params },
  ...extra,
});

describe('leadSource: where a lead came from', () => {
  it.each([
    [{ source: 'Google vehicle listings' }, 'Google vehicle listings', 'listing'],
    [tagged({ utm_source: 'meta', utm_medium: 'automotive_catalog' }), 'Meta automotive catalog', 'listing'],
    [tagged({ gclid: 'abc', utm_source: 'google', utm_medium: 'cpc' }), 'Google Ads', 'paid'],
    [tagged({ wbraid: 'x' }), 'Google Ads', 'paid'],
    [tagged({ fbclid: 'IwAR' }), 'Meta (Facebook, Instagram)', 'paid'],
    [tagged({ msclkid: '1' }), 'Microsoft Ads', 'paid'],
    [tagged({ utm_source: ' Newsletter ', utm_medium: 'EMAIL' }), 'newsletter / email', 'campaign'],
    [tagged({ utm_source: 'carsales' }), 'carsales', 'campaign'],
    [{ source: 'demo' }, 'demo', 'recorded'],
    // An enquiry an AI assistant sent through the site's MCP endpoint (issue 55).
    [{ source: AI_ASSISTANT_LEAD_SOURCE, url: 'https://dealer.example/cars/ute-u1' }, 'AI assistant', 'recorded'],
    [{ source: 'Website', url: '/specials?gclid=Cj0&colour=red' }, 'Google Ads', 'paid'],
    [
      { source: 'Website', url: 'https://x.example/a?utm_source=flyer&utm_medium=print#top' },
      'flyer / print',
      'campaign',
    ],
    [tagged({}), DIRECT_SOURCE.label, 'direct'],
    [{}, DIRECT_SOURCE.label, 'direct'],
    [null, DIRECT_SOURCE.label, 'direct'],
    ['not an object', DIRECT_SOURCE.label, 'direct'],
    [
      { lead_attributes: { linked_query_params: { __proto__: 'x', constructor: 'y', colour: 'red' } } },
      DIRECT_SOURCE.label,
      'direct',
    ],
  ])('%j -> %s', (userData, label, kind) => {
    expect(leadSource(userData)).toEqual(expect.objectContaining({ label, kind }));
  });

  it('lets the visit’s own tags win over those left in the page address', () => {
    expect(leadSource(tagged({ utm_source: 'radio' }, { url: '/a?utm_source=flyer' })).label).toBe('radio');
  });

  it('never throws and always names a source, whatever the stored data holds (property)', () => {
    const params = fc.dictionary(
      fc.oneof(fc.constantFrom(...CAMPAIGN_QUERY_PARAMS, '__proto__', 'UTM_SOURCE'), fc.string()),
      fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.constant(null)),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            source: fc.oneof(fc.string({ unit: 'binary' }), fc.constant('Website')),
            url: fc.oneof(fc.string({ unit: 'binary' }), fc.constant(null)),
            lead_attributes: fc.record({ linked_query_params: params }),
          }),
        ),
        (userData) => {
          const source = leadSource(userData);
          expect(source.label.length).toBeGreaterThan(0);
          expect(source.label.length).toBeLessThanOrEqual(121);
          expect(source.key.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('percentile', () => {
  it('is the nearest rank, one of the values', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 90)).toBe(7);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
  });
});

describe('leadReport', () => {
  it('counts by source, form and salesperson, with response times in open hours and conversion to won', () => {
    // Friday 16:50 Sydney (06:50Z), answered Monday 9:10: 10 + 10 = 20 minutes of open time.
    const friday = new Date('2026-03-06T05:50:00Z');
    const report = leadReport([
      lead({
        form: 'test_drive',
        status: 'won',
        assignedUserId: 'u1',
        assignedName: 'Sam',
        createdAt: friday,
        firstResponseAt: new Date('2026-03-08T22:10:00Z'),
        clock: WEEKDAYS,
        userData: tagged({ gclid: 'a' }),
      }),
      lead({
        status: 'contacted',
        assignedUserId: 'u1',
        assignedName: 'Sam',
        firstResponseAt: new Date(Date.parse('2026-03-02T00:00:00Z') + 4 * MINUTE),
      }),
      lead({ status: 'lost', assignedUserId: 'u2', assignedName: 'Ava', userData: tagged({ gclid: 'b' }) }),
      lead({ form: 'test_drive' }),
    ]);
    expect(report).toEqual(
      expect.objectContaining({ total: 4, won: 1, conversionPercent: 25, responded: 2, p50Minutes: 4, p90Minutes: 20 }),
    );
    expect(report.bySource).toEqual([
      { key: 'paid:google-ads', label: 'Google Ads', kind: 'paid', leads: 2, won: 1, conversionPercent: 50 },
      { key: 'direct', label: DIRECT_SOURCE.label, kind: 'direct', leads: 2, won: 0, conversionPercent: 0 },
    ]);
    expect(report.byForm.map((r) => [r.label, r.leads, r.won])).toEqual([
      // A tie reads alphabetically.
      ['General enquiry', 2, 0],
      ['Test drive', 2, 1],
    ]);
    expect(report.bySalesperson).toEqual([
      expect.objectContaining({
        label: 'Sam',
        userId: 'u1',
        leads: 2,
        won: 1,
        conversionPercent: 50,
        responded: 2,
        p50Minutes: 4,
        p90Minutes: 20,
      }),
      expect.objectContaining({
        label: 'Ava',
        userId: 'u2',
        leads: 1,
        won: 0,
        responded: 0,
        p50Minutes: null,
        p90Minutes: null,
      }),
      expect.objectContaining({ label: 'Unassigned', userId: null, leads: 1 }),
    ]);
  });

  it('sums the sources past the largest into one bar', () => {
    const leads = Array.from({ length: 5 }, (_, i) =>
      Array.from({ length: 5 - i }, () => lead({ userData: tagged({ utm_source: `s${i}` }) })),
    ).flat();
    const report = leadReport(leads, { maxSources: 3 });
    expect(report.bySource.map((r) => [r.label, r.leads])).toEqual([
      ['s0', 5],
      ['s1', 4],
      ['Other sources (3)', 6],
    ]);
  });

  const arbitraryLead = fc
    .record({
      form: fc.constantFrom('general', 'vehicle', 'test_drive', 'finance', 'reservation'),
      status: fc.constantFrom('new', 'contacted', 'won', 'lost'),
      created: fc.integer({ min: 0, max: 60 * 24 * 30 }),
      answeredAfter: fc.option(fc.integer({ min: -5, max: 60 * 24 * 10 }), { nil: null }),
      person: fc.option(fc.constantFrom('u1', 'u2', 'u3'), { nil: null }),
      params: fc.dictionary(
        fc.constantFrom('utm_source', 'utm_medium', 'gclid', 'fbclid'),
        fc.constantFrom('a', 'b', 'c'),
      ),
      clock: fc.constantFrom(ALWAYS, WEEKDAYS),
    })
    .map(({ created, answeredAfter, person, params, ...rest }) => {
      const createdAt = new Date(Date.parse('2026-03-01T00:00:00Z') + created * MINUTE);
      return lead({
        ...rest,
        createdAt,
        firstResponseAt: answeredAfter === null ? null : new Date(createdAt.getTime() + answeredAfter * MINUTE),
        assignedUserId: person,
        assignedName: person ? `Name ${person}` : null,
        userData: tagged(params),
      });
    });

  it('adds up: every breakdown sums to the total and the won, percentiles lie within the times (property)', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLead, { maxLength: 40 }), fc.integer({ min: 1, max: 6 }), (leads, maxSources) => {
        const report = leadReport(leads, { maxSources });
        const sum = (rows: { leads: number; won: number }[], key: 'leads' | 'won') =>
          rows.reduce((total, r) => total + r[key], 0);
        for (const rows of [report.bySource, report.byForm, report.bySalesperson]) {
          expect(sum(rows, 'leads')).toBe(report.total);
          expect(sum(rows, 'won')).toBe(report.won);
          for (const r of rows) {
            expect(r.leads).toBeGreaterThan(0);
            expect(r.won).toBeLessThanOrEqual(r.leads);
            expect(r.conversionPercent).toBeGreaterThanOrEqual(0);
            expect(r.conversionPercent).toBeLessThanOrEqual(100);
          }
        }
        expect(report.total).toBe(leads.length);
        expect(report.won).toBe(leads.filter((l) => l.status === 'won').length);
        expect(report.bySource.length).toBeLessThanOrEqual(maxSources);
        expect(sum(report.bySalesperson as never, 'responded' as never)).toBe(report.responded);
        expect(report.responded).toBe(leads.filter((l) => l.firstResponseAt).length);
        for (const r of [report, ...report.bySalesperson]) {
          if (r.responded === 0) {
            expect([r.p50Minutes, r.p90Minutes]).toEqual([null, null]);
            continue;
          }
          expect(r.p50Minutes).toBeGreaterThanOrEqual(0);
          expect(r.p50Minutes!).toBeLessThanOrEqual(r.p90Minutes!);
        }
        // Each salesperson's percentiles lie within the open-time minutes their answered leads took.
        for (const r of report.bySalesperson) {
          const mine = leads.filter((l) => l.assignedUserId === r.userId && l.firstResponseAt);
          const minutes = mine.map((l) =>
            l.firstResponseAt! > l.createdAt
              ? Math.round(
                  // Plain elapsed time is the upper bound of open time.
                  (l.firstResponseAt!.getTime() - l.createdAt.getTime()) / MINUTE,
                )
              : 0,
          );
          if (minutes.length) expect(r.p90Minutes!).toBeLessThanOrEqual(Math.max(...minutes));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is within min..max of the values for any percentile (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1 }),
        fc.integer({ min: 1, max: 100 }),
        (values, p) => {
          const value = percentile(values, p)!;
          expect(values).toContain(value);
          expect(value).toBeGreaterThanOrEqual(Math.min(...values));
          expect(value).toBeLessThanOrEqual(Math.max(...values));
          expect(percentile(values, 50)!).toBeLessThanOrEqual(percentile(values, 90)!);
        },
      ),
    );
  });
});

describe('openTimeCounter', () => {
  const SPECIAL: BusinessHours = {
    ...WEEKDAYS,
    timeZone: 'Australia/Adelaide',
    specialHours: [
      { date: '2026-04-03', status: 'Closed', start_hour: null, end_hour: null, department: 'all' },
      { date: '2026-04-04', status: 'Open', start_hour: '10:00', end_hour: '13:00', department: 'sales' },
    ],
  };
  it('answers as responseMinutes does, across closures and daylight saving (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(ALWAYS, WEEKDAYS, SPECIAL),
        fc.integer({ min: 0, max: 60 * 24 * 60 }),
        fc.integer({ min: -10, max: 60 * 24 * 40 }),
        (clock, start, after) => {
          const from = new Date(Date.parse('2026-03-01T00:00:00Z') + start * MINUTE + (start % 7) * 1000);
          const to = new Date(from.getTime() + after * MINUTE);
          const counter = openTimeCounter(clock);
          const expected = after > 0 ? responseMinutes(from, to, clock) : 0;
          expect(Math.round(counter(from, to) / MINUTE)).toBe(expected);
          // A second call reads the kept days and answers the same.
          expect(Math.round(counter(from, to) / MINUTE)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
