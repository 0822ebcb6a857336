import { holidayHours } from './holiday-hours';

const entry = (
  date: string,
  department: 'all' | 'sales' | 'service' | 'parts',
  status: 'Open' | 'Closed',
  start: string | null = null,
  end: string | null = null,
) => ({
  date,
  department,
  status,
  start_hour: start,
  end_hour: end,
});

describe('holidayHours (holiday-hours dialog)', () => {
  const entries = [
    entry('2026-12-26', 'sales', 'Open', '10:00', '16:00'),
    entry('2026-12-26', 'service', 'Closed'),
    entry('2026-12-25', 'all', 'Closed'),
    entry('2026-01-01', 'all', 'Closed'),
    entry('2027-01-26', 'all', 'Closed'),
    entry('2027-01-26', 'sales', 'Open', '09:00', '12:00'),
  ];

  it('lists the department from today on, in date order, its own entry winning over all', () => {
    expect(holidayHours(entries, 'sales', '2026-12-01')).toEqual([
      { date: '2026-12-25', label: 'Fri 25 Dec 2026', hours: 'Closed' },
      { date: '2026-12-26', label: 'Sat 26 Dec 2026', hours: '10am - 4pm' },
      { date: '2027-01-26', label: 'Tue 26 Jan 2027', hours: '9am - 12pm' },
    ]);
  });

  it('keeps other departments apart and includes today', () => {
    expect(holidayHours(entries, 'service', '2026-12-26').map((line) => [line.date, line.hours])).toEqual([
      ['2026-12-26', 'Closed'],
      ['2027-01-26', 'Closed'],
    ]);
    expect(holidayHours(entries, 'parts', '2027-02-01')).toEqual([]);
    expect(holidayHours(null, 'parts', '2027-02-01')).toEqual([]);
  });
});
