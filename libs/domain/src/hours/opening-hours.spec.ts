import { formatClockTime, formatOpeningHours } from './opening-hours';

describe('opening hours text', () => {
  it.each([
    ['08:30', '8:30am'],
    ['17:30', '5:30pm'],
    ['12:00', '12pm'],
    ['00:15', '12:15am'],
    ['09:00', '9am'],
  ])('formats %s as %s', (time, text) => {
    expect(formatClockTime(time)).toBe(text);
  });

  it.each([
    ['Open', '08:30', '17:30', '8:30am - 5:30pm'],
    ['Closed', '08:30', '17:30', 'Closed'],
    ['Open', null, null, 'Closed'],
  ] as const)('%s %s-%s reads %s', (status, open, close, text) => {
    expect(formatOpeningHours(status, open, close)).toBe(text);
  });
});
