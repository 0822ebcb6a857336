import { formatMinutes, formatSpan, leadClock } from './lead-clock';

describe('the lead clock in words', () => {
  const now = new Date('2026-06-10T00:30:00Z'); // 10:30 am in Melbourne
  const zone = 'Australia/Melbourne';

  it('says spans briefly', () => {
    expect(formatSpan(30_000)).toBe('under a minute');
    expect(formatSpan(4 * 60_000)).toBe('4 min');
    expect(formatSpan(125 * 60_000)).toBe('2 h 5 min');
    expect(formatSpan(120 * 60_000)).toBe('2 h');
    expect(formatSpan(3 * 24 * 3600_000)).toBe('3 days');
    expect(formatMinutes(null)).toBe('—');
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(90)).toBe('1 h 30 min');
  });

  it('says how overdue, how soon, when due and how fast it was answered', () => {
    const due = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    expect(leadClock({ dueAt: due(-12), firstResponseAt: null, state: 'overdue', minutes: null }, now, zone)).toEqual({
      state: 'overdue',
      text: 'Overdue by 12 min',
    });
    expect(leadClock({ dueAt: due(2), firstResponseAt: null, state: 'due_soon', minutes: null }, now, zone)?.text).toBe(
      'Due in 2 min',
    );
    expect(leadClock({ dueAt: due(5), firstResponseAt: null, state: 'on_time', minutes: null }, now, zone)?.text).toBe(
      'Due 10:35 am',
    );
    // Due tomorrow morning on the dealership's clock (a lead of the night): the weekday says so.
    expect(
      leadClock({ dueAt: '2026-06-10T22:05:00Z', firstResponseAt: null, state: 'on_time', minutes: null }, now, zone)
        ?.text,
    ).toBe('Due Thu 8:05 am');
    expect(
      leadClock({ dueAt: due(-60), firstResponseAt: due(-58), state: 'answered', minutes: 3 }, now, zone)?.text,
    ).toBe('Answered in 3 min');
    // A lead of 11:11 pm answered at 11:31 pm: closed all the while, so nothing on the clock.
    expect(
      leadClock({ dueAt: due(-60), firstResponseAt: due(-40), state: 'answered', minutes: 0 }, now, zone, due(-60))
        ?.text,
    ).toBe('Answered out of hours');
    expect(leadClock({ dueAt: null, firstResponseAt: null, state: null, minutes: null }, now, zone)).toBeNull();
  });
});
