import {
  testDriveSlots,
  type SlotOpeningHours,
  type SlotSpecialHours,
  type TestDriveSlotsOptions,
} from './test-drive-slots';

const day = (weekday: number, open: string | null, close: string | null): SlotOpeningHours =>
  open && close ? { weekday, status: 'Open', open, close } : { weekday, status: 'Closed', open: null, close: null };

// Mon-Fri 9-11, Sat 9-10, Sun closed: short days keep the expected slot lists readable.
const week = [
  day(1, '09:00', '11:00'),
  day(2, '09:00', '11:00'),
  day(3, '09:00', '11:00'),
  day(4, '09:00', '11:00'),
  day(5, '09:00', '11:00'),
  day(6, '09:00', '10:00'),
  day(0, null, null),
];

const melbourne = { hours: week, timeZone: 'Australia/Melbourne' } as const;
// Monday 2025-06-16 06:00 in Melbourne (AEST, +10:00).
const mondayEarly = new Date('2025-06-15T20:00:00Z');

const run = (options: Partial<TestDriveSlotsOptions>) => testDriveSlots({ ...melbourne, now: mondayEarly, ...options });
const labels = (options: Partial<TestDriveSlotsOptions>) =>
  run(options).map((entry) => `${entry.date} ${entry.slots.map((slot) => slot.label).join(' ')}`);

describe('testDriveSlots', () => {
  it('offers 30-minute slots from opening until the last one that ends by closing', () => {
    const [monday] = run({ days: 1 });
    expect(monday).toEqual({
      date: '2025-06-16',
      weekday: 1,
      slots: [
        { start: '2025-06-16T09:00:00+10:00', label: '9am' },
        { start: '2025-06-16T09:30:00+10:00', label: '9:30am' },
        { start: '2025-06-16T10:00:00+10:00', label: '10am' },
        { start: '2025-06-16T10:30:00+10:00', label: '10:30am' },
      ],
    });
  });

  it('covers 14 days from today and leaves out closed days', () => {
    const result = run({});
    expect(result.map((entry) => entry.date)).toEqual([
      '2025-06-16',
      '2025-06-17',
      '2025-06-18',
      '2025-06-19',
      '2025-06-20',
      '2025-06-21',
      '2025-06-23',
      '2025-06-24',
      '2025-06-25',
      '2025-06-26',
      '2025-06-27',
      '2025-06-28',
    ]);
    expect(result.map((entry) => entry.weekday)).toEqual([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
  });

  it.each([
    // now (UTC), Melbourne wall time, first slot offered today
    ['2025-06-15T22:59:00Z', '8:59am', '10am'],
    ['2025-06-15T23:00:00Z', '9:00am', '10am'],
    ['2025-06-15T23:00:01Z', '9:00:01am', '10:30am'],
    ['2025-06-15T23:30:00Z', '9:30am', '10:30am'],
    ['2025-06-15T23:31:00Z', '9:31am', null],
  ])('at %s (%s) the first slot today is %s, 60 minutes ahead', (now, _wall, first) => {
    const [today] = run({ now: new Date(now) }).filter((entry) => entry.date === '2025-06-16');
    expect(today?.slots[0].label ?? null).toBe(first);
  });

  it('honours other slot lengths and lead times', () => {
    expect(labels({ days: 1, slotMinutes: 45, leadMinutes: 0 })).toEqual(['2025-06-16 9am 9:45am']);
    expect(labels({ days: 1, slotMinutes: 60, leadMinutes: 0, now: new Date('2025-06-15T23:00:00Z') })).toEqual([
      '2025-06-16 9am 10am',
    ]);
  });

  it('uses the day of the location, not of the server', () => {
    // 2025-06-15 23:30 UTC is already Monday 9:30am in Melbourne but still Sunday in UTC.
    expect(run({ now: new Date('2025-06-15T23:30:00Z'), days: 1 })[0].date).toBe('2025-06-16');
    // Perth is two hours behind: 6:30am Monday there.
    const perth = run({ now: new Date('2025-06-15T22:30:00Z'), days: 1, timeZone: 'Australia/Perth' });
    expect(perth[0].slots[0]).toEqual({ start: '2025-06-16T09:00:00+08:00', label: '9am' });
  });

  describe('special hours', () => {
    const special = (
      date: string,
      status: 'Open' | 'Closed',
      department: SlotSpecialHours['department'],
      start?: string,
      end?: string,
    ): SlotSpecialHours => ({ date, status, department, start_hour: start ?? null, end_hour: end ?? null });

    it.each<[string, SlotSpecialHours[], string[]]>([
      ['closed for all departments', [special('2025-06-17', 'Closed', 'all')], ['2025-06-16 9am 9:30am 10am 10:30am']],
      ['closed for sales', [special('2025-06-17', 'Closed', 'sales')], ['2025-06-16 9am 9:30am 10am 10:30am']],
      [
        'closed for service only leaves sales open',
        [special('2025-06-17', 'Closed', 'service')],
        ['2025-06-16 9am 9:30am 10am 10:30am', '2025-06-17 9am 9:30am 10am 10:30am'],
      ],
      [
        'parts hours do not apply',
        [special('2025-06-17', 'Open', 'parts', '13:00', '14:00')],
        ['2025-06-16 9am 9:30am 10am 10:30am', '2025-06-17 9am 9:30am 10am 10:30am'],
      ],
      [
        'open with other hours',
        [special('2025-06-17', 'Open', 'all', '13:00', '14:00')],
        ['2025-06-16 9am 9:30am 10am 10:30am', '2025-06-17 1pm 1:30pm'],
      ],
      [
        'open on a normally closed Sunday',
        [special('2025-06-22', 'Open', 'sales', '10:00', '11:00')],
        ['2025-06-16 9am 9:30am 10am 10:30am', '2025-06-17 9am 9:30am 10am 10:30am', '2025-06-22 10am 10:30am'],
      ],
      [
        'sales wins over all',
        [special('2025-06-17', 'Closed', 'all'), special('2025-06-17', 'Open', 'sales', '12:00', '13:00')],
        ['2025-06-16 9am 9:30am 10am 10:30am', '2025-06-17 12pm 12:30pm'],
      ],
      [
        'open without times keeps the weekly hours',
        [special('2025-06-17', 'Open', 'all')],
        ['2025-06-16 9am 9:30am 10am 10:30am', '2025-06-17 9am 9:30am 10am 10:30am'],
      ],
    ])('%s', (_name, specialHours, expected) => {
      const shown = labels({ specialHours, leadMinutes: 0 });
      const watched = ['2025-06-16', '2025-06-17', '2025-06-22'];
      expect(shown.filter((line) => watched.includes(line.slice(0, 10)))).toEqual(expected);
    });
  });

  it.each<[string, SlotOpeningHours[]]>([
    ['no hours', []],
    ['closing before opening', [day(1, '11:00', '09:00')]],
    ['a day shorter than one slot', [day(1, '09:00', '09:29')]],
    ['times that are not HH:mm', [day(1, '9am', '5pm')]],
    ['hour 24', [day(1, '09:00', '24:00')]],
  ])('has no slots with %s', (_name, hours) => {
    expect(run({ hours, days: 7, leadMinutes: 0 })).toEqual([]);
  });

  it('a slot may end exactly at closing', () => {
    expect(labels({ hours: [day(1, '09:00', '09:30')], days: 1, leadMinutes: 0 })).toEqual(['2025-06-16 9am']);
  });

  it('rejects an unknown time zone', () => {
    expect(() => run({ timeZone: 'Australia/Atlantis' })).toThrow(RangeError);
  });

  describe('daylight saving in Australia/Sydney', () => {
    const sydney = { timeZone: 'Australia/Sydney', leadMinutes: 0 };
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => day(weekday, '09:00', '10:00'));

    it('moves to +11:00 from the first Sunday of October, keeping the wall times', () => {
      // Friday 2025-10-03 08:00 AEST.
      const result = testDriveSlots({ ...sydney, hours: everyDay, now: new Date('2025-10-02T22:00:00Z'), days: 4 });
      expect(result.map((entry) => [entry.date, entry.weekday, entry.slots.map((slot) => slot.start)])).toEqual([
        ['2025-10-03', 5, ['2025-10-03T09:00:00+10:00', '2025-10-03T09:30:00+10:00']],
        ['2025-10-04', 6, ['2025-10-04T09:00:00+10:00', '2025-10-04T09:30:00+10:00']],
        ['2025-10-05', 0, ['2025-10-05T09:00:00+11:00', '2025-10-05T09:30:00+11:00']],
        ['2025-10-06', 1, ['2025-10-06T09:00:00+11:00', '2025-10-06T09:30:00+11:00']],
      ]);
      expect(new Date(result[3].slots[0].start).toISOString()).toBe('2025-10-05T22:00:00.000Z');
    });

    it('moves back to +10:00 from the first Sunday of April', () => {
      // Saturday 2025-04-05 08:00 AEDT.
      const result = testDriveSlots({ ...sydney, hours: everyDay, now: new Date('2025-04-04T21:00:00Z'), days: 3 });
      expect(result.map((entry) => entry.slots[0].start)).toEqual([
        '2025-04-05T09:00:00+11:00',
        '2025-04-06T09:00:00+10:00',
        '2025-04-07T09:00:00+10:00',
      ]);
    });

    it('offers no slot in the hour the clocks skip', () => {
      const hours = [day(0, '01:00', '04:00')];
      // Midnight starting Sunday 2025-10-05; at 2am AEST the clocks go to 3am AEDT.
      const [sunday] = testDriveSlots({ ...sydney, hours, now: new Date('2025-10-04T14:00:00Z'), days: 1 });
      expect(sunday.slots).toEqual([
        { start: '2025-10-05T01:00:00+10:00', label: '1am' },
        { start: '2025-10-05T01:30:00+10:00', label: '1:30am' },
        { start: '2025-10-05T03:00:00+11:00', label: '3am' },
        { start: '2025-10-05T03:30:00+11:00', label: '3:30am' },
      ]);
    });

    it('opens at the first real time when opening falls in the skipped hour', () => {
      const hours = [day(0, '02:30', '04:00')];
      const [sunday] = testDriveSlots({ ...sydney, hours, now: new Date('2025-10-04T14:00:00Z'), days: 1 });
      expect(sunday.slots).toEqual([{ start: '2025-10-05T03:30:00+11:00', label: '3:30am' }]);
    });

    it('offers both of the repeated hour, told apart by offset', () => {
      const hours = [day(0, '01:00', '04:00')];
      // Midnight starting Sunday 2025-04-06; at 3am AEDT the clocks go back to 2am AEST.
      const [sunday] = testDriveSlots({ ...sydney, hours, now: new Date('2025-04-05T13:00:00Z'), days: 1 });
      expect(sunday.slots.map((slot) => slot.start)).toEqual([
        '2025-04-06T01:00:00+11:00',
        '2025-04-06T01:30:00+11:00',
        '2025-04-06T02:00:00+11:00',
        '2025-04-06T02:30:00+11:00',
        '2025-04-06T02:00:00+10:00',
        '2025-04-06T02:30:00+10:00',
        '2025-04-06T03:00:00+10:00',
        '2025-04-06T03:30:00+10:00',
      ]);
    });
  });
});
