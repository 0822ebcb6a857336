import { groupOpeningHours, type OpeningHoursInput } from './group-opening-hours';

const open = (weekday: number, from = '08:30', to = '17:30'): OpeningHoursInput => ({
  weekday,
  status: 'Open',
  open: from,
  close: to,
});
const closed = (weekday: number): OpeningHoursInput => ({ weekday, status: 'Closed', open: null, close: null });
const weekdays = [1, 2, 3, 4, 5].map((day) => open(day));

describe('groupOpeningHours (spec 001 §5 Hours grouping)', () => {
  it.each<[string, OpeningHoursInput[], [string, string][]]>([
    [
      'equal Monday to Friday fold into Mon-Fri',
      [...weekdays, open(6, '09:00', '16:00'), closed(0)],
      [
        ['Mon-Fri', '8:30am - 5:30pm'],
        ['Sat', '9am - 4pm'],
        ['Sun', 'Closed'],
      ],
    ],
    [
      'entries arrive in any order, Sunday first',
      [closed(0), open(6, '09:00', '12:00'), ...[...weekdays].reverse()],
      [
        ['Mon-Fri', '8:30am - 5:30pm'],
        ['Sat', '9am - 12pm'],
        ['Sun', 'Closed'],
      ],
    ],
    [
      'one different weekday keeps every day',
      [...weekdays.slice(0, 4), open(5, '08:30', '21:00'), open(6), open(0)],
      [
        ['Mon', '8:30am - 5:30pm'],
        ['Tue', '8:30am - 5:30pm'],
        ['Wed', '8:30am - 5:30pm'],
        ['Thu', '8:30am - 5:30pm'],
        ['Fri', '8:30am - 9pm'],
        ['Sat', '8:30am - 5:30pm'],
        ['Sun', '8:30am - 5:30pm'],
      ],
    ],
    [
      'a missing weekday shows Closed and stops the grouping',
      weekdays.filter((entry) => entry.weekday !== 3),
      [
        ['Mon', '8:30am - 5:30pm'],
        ['Tue', '8:30am - 5:30pm'],
        ['Wed', 'Closed'],
        ['Thu', '8:30am - 5:30pm'],
        ['Fri', '8:30am - 5:30pm'],
        ['Sat', 'Closed'],
        ['Sun', 'Closed'],
      ],
    ],
    [
      'all five listed as closed still fold',
      [1, 2, 3, 4, 5].map(closed),
      [
        ['Mon-Fri', 'Closed'],
        ['Sat', 'Closed'],
        ['Sun', 'Closed'],
      ],
    ],
    [
      'closed with stale times equals closed',
      [...weekdays.slice(0, 4).map((e) => ({ ...e, status: 'Closed' as const })), closed(5)],
      [
        ['Mon-Fri', 'Closed'],
        ['Sat', 'Closed'],
        ['Sun', 'Closed'],
      ],
    ],
    [
      'open without times reads Closed',
      [{ weekday: 1, status: 'Open', open: null, close: undefined }],
      [
        ['Mon', 'Closed'],
        ['Tue', 'Closed'],
        ['Wed', 'Closed'],
        ['Thu', 'Closed'],
        ['Fri', 'Closed'],
        ['Sat', 'Closed'],
        ['Sun', 'Closed'],
      ],
    ],
    [
      'a repeated day keeps its first entry',
      [...weekdays, open(1, '10:00', '11:00')],
      [
        ['Mon-Fri', '8:30am - 5:30pm'],
        ['Sat', 'Closed'],
        ['Sun', 'Closed'],
      ],
    ],
  ])('%s', (_name, entries, expected) => {
    expect(groupOpeningHours(entries)).toEqual(expected.map(([label, hours]) => ({ label, hours })));
  });

  it('lists every day as Closed when there are no hours', () => {
    expect(groupOpeningHours([]).map((line) => line.label)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });
});
