import fc from 'fast-check';
import { LEAD_STATUSES, leadTransition } from './lead-status';
import {
  checkTask,
  leadStatusAfterCancel,
  leadStatusForTask,
  TASK_DUE_MAX_AHEAD_DAYS,
  TASK_DUE_MAX_PAST_HOURS,
  TASK_KINDS,
  TASK_TITLE_MAX,
  taskPhrase,
  taskRemindAt,
  taskState,
  wallClockInstant,
} from './lead-tasks';

const NOW = new Date('2026-12-04T04:00:00Z'); // 3:00 pm in Melbourne (daylight time, +11)
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('checkTask: due within the year ahead and no more than a day past; a short one-line title', () => {
  it.each([
    ['in an hour', HOUR],
    ['a year ahead, to the day', TASK_DUE_MAX_AHEAD_DAYS * DAY],
    ['this morning', -5 * HOUR],
    ['a day ago, to the minute', -TASK_DUE_MAX_PAST_HOURS * HOUR],
  ])('accepts a task due %s', (_, offset) => {
    expect(checkTask({ kind: 'call_back', dueAt: at(offset) }, NOW)).toEqual({
      ok: true,
      task: { kind: 'call_back', dueAt: at(offset), title: null },
    });
  });

  it.each([
    ['a year and a minute ahead', TASK_DUE_MAX_AHEAD_DAYS * DAY + MINUTE],
    ['a day and a minute ago', -TASK_DUE_MAX_PAST_HOURS * HOUR - MINUTE],
  ])('refuses a task due %s, naming dueAt', (_, offset) => {
    expect(checkTask({ kind: 'test_drive', dueAt: at(offset) }, NOW)).toMatchObject({ ok: false, field: 'dueAt' });
  });

  it('refuses an invalid date, naming dueAt', () => {
    expect(checkTask({ kind: 'other', dueAt: new Date('nope') }, NOW)).toMatchObject({ ok: false, field: 'dueAt' });
  });

  it('trims the title, keeps none for blank, and refuses one too long or of more than one line', () => {
    const ok = (title: string) => checkTask({ kind: 'other', dueAt: at(HOUR), title }, NOW);
    expect(ok('  Bring payslips ')).toMatchObject({ ok: true, task: { title: 'Bring payslips' } });
    expect(ok('   ')).toMatchObject({ ok: true, task: { title: null } });
    expect(ok('x'.repeat(TASK_TITLE_MAX))).toMatchObject({ ok: true });
    expect(ok('x'.repeat(TASK_TITLE_MAX + 1))).toMatchObject({ ok: false, field: 'title' });
    expect(ok('two\nlines')).toMatchObject({ ok: false, field: 'title' });
    expect(ok('nul \u0000')).toMatchObject({ ok: false, field: 'title' });
  });

  it('over any due time and title, accepts exactly the bounded ones and names the field it refuses (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TASK_KINDS),
        fc.integer({ min: -3 * DAY, max: 400 * DAY }),
        fc.option(fc.string({ maxLength: 260 }), { nil: undefined }),
        (kind, offset, title) => {
          const result = checkTask({ kind, dueAt: at(offset), title }, NOW);
          const inRange = offset <= TASK_DUE_MAX_AHEAD_DAYS * DAY && offset >= -TASK_DUE_MAX_PAST_HOURS * HOUR;
          if (!inRange) expect(result).toMatchObject({ ok: false, field: 'dueAt' });
          if (result.ok) {
            expect(inRange).toBe(true);
            expect((result.task.title ?? '').length).toBeLessThanOrEqual(TASK_TITLE_MAX);
            expect(result.task.title).not.toBe('');
          } else expect(result.message.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('taskRemindAt: leads.task_reminder_minutes before the due time, never in the past, none once due', () => {
  it('reminds 15 minutes before a task due this afternoon', () => {
    expect(taskRemindAt(at(2 * HOUR), 15, NOW)).toEqual(at(2 * HOUR - 15 * MINUTE));
  });
  it('reminds at once for a task due in ten minutes, and at the due time with 0', () => {
    expect(taskRemindAt(at(10 * MINUTE), 15, NOW)).toEqual(NOW);
    expect(taskRemindAt(at(2 * HOUR), 0, NOW)).toEqual(at(2 * HOUR));
  });
  it('gives no reminder for a task already due when written down', () => {
    expect(taskRemindAt(NOW, 15, NOW)).toBeNull();
    expect(taskRemindAt(at(-HOUR), 15, NOW)).toBeNull();
  });
  it('is never before now nor after the due time (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -DAY, max: 30 * DAY }), fc.integer({ min: 0, max: 1440 }), (offset, minutes) => {
        const due = at(offset);
        const remind = taskRemindAt(due, minutes, NOW);
        if (offset <= 0) expect(remind).toBeNull();
        else {
          expect(remind!.getTime()).toBeGreaterThanOrEqual(NOW.getTime());
          expect(remind!.getTime()).toBeLessThanOrEqual(due.getTime());
          expect(due.getTime() - remind!.getTime()).toBeLessThanOrEqual(minutes * MINUTE);
        }
      }),
    );
  });
});

describe('taskState', () => {
  const zone = 'Australia/Melbourne';
  const open = (dueAt: Date) => ({ dueAt, doneAt: null, cancelledAt: null });
  it('reads done and cancelled first, then overdue, due today on the dealership calendar, or upcoming', () => {
    expect(taskState({ dueAt: at(-HOUR), doneAt: NOW, cancelledAt: null }, NOW, zone)).toBe('done');
    expect(taskState({ dueAt: at(-HOUR), doneAt: null, cancelledAt: NOW }, NOW, zone)).toBe('cancelled');
    expect(taskState(open(at(-MINUTE)), NOW, zone)).toBe('overdue');
    // 3 pm in Melbourne: 8:59 pm is today; 9:01 am tomorrow (UTC still today at 22:01) is not.
    expect(taskState(open(at(6 * HOUR - MINUTE)), NOW, zone)).toBe('today');
    expect(taskState(open(at(18 * HOUR + MINUTE)), NOW, zone)).toBe('upcoming');
    // In Perth it is noon; 11:30 pm Perth is still today there.
    expect(taskState(open(at(11 * HOUR + 30 * MINUTE)), NOW, 'Australia/Perth')).toBe('today');
  });
});

describe('the lead and its test drives', () => {
  it('books a test drive on a new or contacted lead as "Test drive booked", and no other task moves it', () => {
    expect(leadStatusForTask('test_drive', 'new')).toBe('appointment');
    expect(leadStatusForTask('test_drive', 'contacted')).toBe('appointment');
    expect(leadStatusForTask('test_drive', 'appointment')).toBeNull();
    expect(leadStatusForTask('test_drive', 'won')).toBeNull();
    expect(leadStatusForTask('call_back', 'new')).toBeNull();
  });
  it("cancels the booking back to contacted only when it was the lead's last open test drive", () => {
    expect(leadStatusAfterCancel('test_drive', 'appointment', 0)).toBe('contacted');
    expect(leadStatusAfterCancel('test_drive', 'appointment', 1)).toBeNull();
    expect(leadStatusAfterCancel('call_back', 'appointment', 0)).toBeNull();
    expect(leadStatusAfterCancel('test_drive', 'won', 0)).toBeNull();
  });
  it('only ever proposes a move the lead rule allows (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TASK_KINDS), fc.constantFrom(...LEAD_STATUSES), fc.nat(3), (kind, status, n) => {
        for (const to of [leadStatusForTask(kind, status), leadStatusAfterCancel(kind, status, n)])
          if (to) expect(leadTransition(status, to).ok).toBe(true);
      }),
    );
  });
});

describe('taskPhrase', () => {
  it.each([
    ['call_back', null, 'call back Jane Citizen'],
    ['test_drive', null, 'test drive with Jane Citizen'],
    ['finance_docs', null, 'finance documents for Jane Citizen'],
    ['other', 'Trade-in photos', 'Trade-in photos (Jane Citizen)'],
    ['other', null, 'follow up Jane Citizen'],
  ] as const)('%s (%s) reads "%s"', (kind, title, phrase) => {
    expect(taskPhrase(kind, 'Jane Citizen', title)).toBe(phrase);
  });
});

describe('wallClockInstant: the date and time typed, on the dealership clock', () => {
  it('reads 3:30 pm in Melbourne in daylight time and in standard time', () => {
    expect(wallClockInstant('2026-12-05', '15:30', 'Australia/Melbourne')).toEqual(new Date('2026-12-05T04:30:00Z'));
    expect(wallClockInstant('2026-07-05', '15:30', 'Australia/Melbourne')).toEqual(new Date('2026-07-05T05:30:00Z'));
    expect(wallClockInstant('2026-12-05', '15:30', 'Australia/Brisbane')).toEqual(new Date('2026-12-05T05:30:00Z'));
  });
  it('refuses what is not a date or time, and a time the clocks skip', () => {
    expect(wallClockInstant('2026-02-30', '10:00', 'Australia/Sydney')).toBeNull();
    expect(wallClockInstant('2026-12-05', '24:00', 'Australia/Sydney')).toBeNull();
    expect(wallClockInstant('5/12/2026', '10:00', 'Australia/Sydney')).toBeNull();
    // Daylight saving starts at 2 am on 4 October 2026 in Sydney: 2:30 am does not happen.
    expect(wallClockInstant('2026-10-04', '02:30', 'Australia/Sydney')).toBeNull();
  });
});
