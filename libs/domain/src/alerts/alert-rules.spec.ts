import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
  alertConsentWording,
  consentCovers,
  fitSms,
  groupAlertsByShopper,
  groupedAlertSummary,
  isQuietTime,
  MAX_ALERT_SMS_SEGMENTS,
  quietHoursEnd,
  smsSegments,
  withinDailyLimit,
  type ConsentRecord,
} from './index';

const SEARCHES = ['s1', 's2'];
const CARS = [1, 2];
const consentArb: fc.Arbitrary<ConsentRecord> = fc.oneof(
  fc.record({
    channel: fc.constantFrom('email' as const, 'sms' as const),
    subject: fc.constant('saved_search' as const),
    savedSearchId: fc.constantFrom(...SEARCHES),
    carId: fc.constant(null),
    withdrawnAt: fc.option(fc.constant(new Date(0))),
  }),
  fc.record({
    channel: fc.constantFrom('email' as const, 'sms' as const),
    subject: fc.constant('car' as const),
    savedSearchId: fc.constant(null),
    carId: fc.constantFrom(...CARS),
    withdrawnAt: fc.option(fc.constant(new Date(0))),
  }),
  fc.record({
    channel: fc.constantFrom('email' as const, 'sms' as const),
    subject: fc.constant('all' as const),
    savedSearchId: fc.constant(null),
    carId: fc.constant(null),
    withdrawnAt: fc.option(fc.constant(new Date(0))),
  }),
);
const alertArb = fc.record({ savedSearchId: fc.option(fc.constantFrom(...SEARCHES)), carId: fc.constantFrom(...CARS) });

describe('consent to alerts', () => {
  it('lets an alert go by a channel only when a live consent of that channel covers its search, car or everything', () => {
    fc.assert(
      fc.property(
        fc.array(consentArb, { maxLength: 6 }),
        alertArb,
        fc.constantFrom('email' as const, 'sms' as const),
        (consents, alert, channel) => {
          const live = consents.filter((c) => c.withdrawnAt === null && c.channel === channel);
          const expected = live.some((c) =>
            c.subject === 'all'
              ? true
              : alert.savedSearchId !== null
                ? c.subject === 'saved_search' && c.savedSearchId === alert.savedSearchId
                : c.subject === 'car' && c.carId === alert.carId,
          );
          expect(consentCovers(consents, channel, alert)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never covers anything without a consent, nor by the other channel, nor once withdrawn', () => {
    const alert = { savedSearchId: 's1', carId: 1 };
    const sms: ConsentRecord = {
      channel: 'sms',
      subject: 'saved_search',
      savedSearchId: 's1',
      carId: null,
      withdrawnAt: null,
    };
    expect(consentCovers([], 'sms', alert)).toBe(false);
    expect(consentCovers([sms], 'sms', alert)).toBe(true);
    expect(consentCovers([sms], 'email', alert)).toBe(false);
    expect(consentCovers([{ ...sms, withdrawnAt: new Date() }], 'sms', alert)).toBe(false);
    // A consent for a car does not cover a search's new match of the same car.
    expect(consentCovers([{ ...sms, subject: 'car', savedSearchId: null, carId: 1 }], 'sms', alert)).toBe(false);
  });

  it('words each consent with who sends, what for, and how to stop', () => {
    expect(alertConsentWording('sms', 'saved_search', 'North Motors')).toBe(
      'Text me when new cars match this search. I agree to get these SMS alerts from North Motors; each one says how to stop them.',
    );
    expect(alertConsentWording('email', 'car', 'North Motors')).toContain(
      'when this car drops in price, is reserved or sells',
    );
  });
});

// Zones with the edges that matter: Australian daylight saving (Sydney, Adelaide's half hour,
// Lord Howe's half-hour shift), none (Brisbane, Perth), and others far from them.
const ZONES = [
  'Australia/Sydney',
  'Australia/Adelaide',
  'Australia/Lord_Howe',
  'Australia/Brisbane',
  'Australia/Perth',
  'America/New_York',
  'Europe/London',
  'Pacific/Chatham',
];
const clockArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45, 59))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const instantArb = fc.date({
  min: new Date('2024-01-01T00:00:00Z'),
  max: new Date('2032-12-31T00:00:00Z'),
  noInvalidDate: true,
});

/** Instants the zone's clocks change at (2025-2030): found day by day, then hour by hour. */
function transitions(zone: string): Date[] {
  const found: Date[] = [];
  const offset = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const DAY = 86_400_000;
  for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2031, 0, 1); t += DAY) {
    if (offset(t) === offset(t + DAY)) continue;
    let hour = t;
    while (offset(hour) === offset(t)) hour += 900_000;
    found.push(new Date(hour));
  }
  return found;
}
const NEAR_CHANGE = ZONES.flatMap((zone) => transitions(zone).map((at) => ({ zone, at })));
/** An instant within a day and a half of a clock change in its zone: where the edges are. */
const nearChangeArb = fc
  .tuple(fc.constantFrom(...NEAR_CHANGE), fc.integer({ min: -36 * 60, max: 36 * 60 }))
  .map(([{ zone, at }, minutes]) => ({ zone, at: new Date(at.getTime() + minutes * 60_000) }));
const anyInstantArb = fc.oneof(
  fc.tuple(instantArb, fc.constantFrom(...ZONES)).map(([at, zone]) => ({ at, zone })),
  nearChangeArb,
);

describe('quiet hours', () => {
  it('holds a text found in them exactly until they end: every moment before is quiet, the end is not', () => {
    fc.assert(
      fc.property(
        anyInstantArb,
        clockArb,
        clockArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ at, zone }, start, end, f) => {
          const hours = { start, end };
          const until = quietHoursEnd(at, zone, hours);
          if (!isQuietTime(at, zone, hours)) return until === null;
          if (until === null || until.getTime() <= at.getTime()) return false;
          // A day and a bit; two when a clock change skipped the one waking moment of a night.
          if (until.getTime() - at.getTime() > 49 * 3600_000) return false;
          const inside = new Date(at.getTime() + Math.floor(f * (until.getTime() - at.getTime() - 1)));
          return (
            !isQuietTime(until, zone, hours) &&
            isQuietTime(new Date(until.getTime() - 1), zone, hours) &&
            isQuietTime(inside, zone, hours)
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('sends at 08:00 local the next morning, not before, across daylight-saving changes', () => {
    const hours = { start: '21:00', end: '08:00' };
    const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toJSDate();
    const local = (date: Date | null, zone: string) => (date ? DateTime.fromJSDate(date, { zone }).toISO() : null);
    expect(
      local(
        quietHoursEnd(at('2026-11-25T22:30', 'Australia/Melbourne'), 'Australia/Melbourne', hours),
        'Australia/Melbourne',
      ),
    ).toBe('2026-11-26T08:00:00.000+11:00');
    // The nights daylight saving starts (first Sunday of October) and ends (first Sunday of April) in Sydney.
    expect(
      local(quietHoursEnd(at('2026-10-03T23:00', 'Australia/Sydney'), 'Australia/Sydney', hours), 'Australia/Sydney'),
    ).toBe('2026-10-04T08:00:00.000+11:00');
    expect(
      local(quietHoursEnd(at('2026-04-04T21:00', 'Australia/Sydney'), 'Australia/Sydney', hours), 'Australia/Sydney'),
    ).toBe('2026-04-05T08:00:00.000+10:00');
    expect(quietHoursEnd(at('2026-11-26T08:00', 'Australia/Perth'), 'Australia/Perth', hours)).toBeNull();
    expect(quietHoursEnd(at('2026-11-26T20:59', 'Australia/Perth'), 'Australia/Perth', hours)).toBeNull();
    // An end the clocks skip (02:30 on the spring-forward night) ends at the jump.
    expect(
      local(
        quietHoursEnd(at('2026-10-04T01:00', 'Australia/Sydney'), 'Australia/Sydney', { start: '21:00', end: '02:30' }),
        'Australia/Sydney',
      ),
    ).toBe('2026-10-04T03:00:00.000+11:00');
    // An end the clocks pass twice (01:00 the night New York turns back) ends at its first passing.
    expect(
      quietHoursEnd(new Date('2029-11-04T04:59:00Z'), 'America/New_York', {
        start: '00:00',
        end: '01:00',
      })?.toISOString(),
    ).toBe('2029-11-04T05:00:00.000Z');
    // Its second passing when the first has gone (Chatham turns 03:45 back to 02:45; it is 02:45 again).
    expect(
      quietHoursEnd(new Date('2027-04-03T14:00:00Z'), 'Pacific/Chatham', {
        start: '00:00',
        end: '03:00',
      })?.toISOString(),
    ).toBe('2027-04-03T14:15:00.000Z');
    // Equal times: no quiet hours.
    expect(
      quietHoursEnd(at('2026-11-26T03:00', 'Australia/Sydney'), 'Australia/Sydney', { start: '00:00', end: '00:00' }),
    ).toBeNull();
  });
});

const shopperArb = fc.constantFrom('a', 'b', 'c');
const waitingArb = fc.uniqueArray(
  fc.record({
    id: fc.uuid(),
    shopperId: shopperArb,
    channels: fc.subarray(['email', 'sms']),
    hasEmail: fc.boolean(),
  }),
  { selector: (alert) => alert.id, maxLength: 30 },
);

describe('grouping one pass of alerts', () => {
  it('makes at most one message per shopper and channel, each alert in every channel it asked for, nothing lost', () => {
    fc.assert(
      fc.property(waitingArb, (alerts) => {
        const notifications = groupAlertsByShopper(alerts);
        expect(new Set(notifications.map((n) => n.shopperId)).size).toBe(notifications.length);
        for (const n of notifications) {
          const channels = n.messages.map((m) => m.channel);
          expect(new Set(channels).size).toBe(channels.length);
          expect(n.alertIds).toEqual(alerts.filter((a) => a.shopperId === n.shopperId).map((a) => a.id));
        }
        for (const alert of alerts) {
          const n = notifications.find((x) => x.shopperId === alert.shopperId)!;
          for (const channel of ['email', 'sms'] as const) {
            const carried = n.messages.find((m) => m.channel === channel)?.alertIds.includes(alert.id) ?? false;
            expect(carried).toBe(alert.channels.includes(channel) && (channel === 'sms' || alert.hasEmail));
          }
        }
        // Within the daily limit: a notification is one message per channel, so a shopper with room
        // for one gets all of the pass's alerts in it.
        for (const n of notifications) expect(withinDailyLimit([n], 9, 10).send).toEqual([n]);
      }),
      { numRuns: 500 },
    );
  });

  it('five matches of one search make one message, headed by how many and the search', () => {
    const alerts = [1, 2, 3, 4, 5].map((i) => ({ id: `a${i}`, shopperId: 'a', channels: ['sms'], hasEmail: false }));
    expect(groupAlertsByShopper(alerts)).toEqual([
      {
        shopperId: 'a',
        alertIds: ['a1', 'a2', 'a3', 'a4', 'a5'],
        messages: [{ channel: 'sms', alertIds: ['a1', 'a2', 'a3', 'a4', 'a5'] }],
      },
    ]);
    const match = {
      kind: 'new_match' as const,
      savedSearchId: 's1',
      savedSearchName: 'Used Toyota RAV4 under $40,000',
    };
    expect(groupedAlertSummary([match, match, match])).toBe('3 new cars match Used Toyota RAV4 under $40,000');
    expect(groupedAlertSummary([match, { ...match, savedSearchId: 's2' }])).toBe(
      '2 new cars match your saved searches',
    );
    expect(
      groupedAlertSummary([
        { kind: 'sold', savedSearchId: null, savedSearchName: null },
        { kind: 'price_drop', savedSearchId: null, savedSearchName: null },
      ]),
    ).toBe('2 updates on cars you follow');
    expect(groupedAlertSummary([match, { kind: 'sold', savedSearchId: null, savedSearchName: null }])).toBe(
      '2 updates on your saved searches and cars',
    );
  });
});

describe('SMS length', () => {
  it('counts parts as GSM 7-bit or UCS-2 texts are split', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    expect(smsSegments('€'.repeat(80))).toBe(1);
    expect(smsSegments('€'.repeat(81))).toBe(2);
    expect(smsSegments('’'.repeat(70))).toBe(1);
    expect(smsSegments('’'.repeat(71))).toBe(2);
  });

  it('shortens only the variable part, keeping the fixed parts whole, to fit the parts allowed', () => {
    const fixed = (v: string) =>
      `North Motors: ${v}. https://north.example.com.au/watchlist Opt out: https://north.example.com.au/u`;
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (variable) => {
        const text = fitSms(fixed, variable);
        expect(smsSegments(text)).toBeLessThanOrEqual(MAX_ALERT_SMS_SEGMENTS);
        expect(text.startsWith('North Motors: ')).toBe(true);
        expect(text.endsWith('Opt out: https://north.example.com.au/u')).toBe(true);
        if (smsSegments(fixed(variable)) <= MAX_ALERT_SMS_SEGMENTS) expect(text).toBe(fixed(variable));
      }),
      { numRuns: 300 },
    );
  });
});
