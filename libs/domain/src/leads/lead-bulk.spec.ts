import fc from 'fast-check';
import {
  BULK_UNDO_MINUTES,
  bulkSummary,
  checkDateRange,
  isCalendarDay,
  undoVerdict,
  undoWindow,
  type LeadWorkState,
} from './lead-bulk';
import { LEAD_STATUSES } from './lead-status';

describe('checkDateRange: days of the calendar, either end open, never backwards', () => {
  it.each([
    ['a single day', '2026-03-01', '2026-03-01'],
    ['a month', '2026-03-01', '2026-03-31'],
    ['a leap day', '2028-02-29', '2028-03-01'],
    ['from only', '2026-03-01', undefined],
    ['to only', undefined, '2026-03-31'],
    ['neither', undefined, undefined],
  ])('accepts %s', (_, from, to) => {
    expect(checkDateRange(from, to)).toEqual({ ok: true, from: from ?? null, to: to ?? null });
  });

  it.each([
    ['30 February', '2026-02-30', undefined, 'from'],
    ['29 February of a common year', undefined, '2027-02-29', 'to'],
    ['month 13', '2026-13-01', undefined, 'from'],
    ['a day and a time', '2026-03-01T00:00', undefined, 'from'],
    ['a day without its zero', undefined, '2026-3-1', 'to'],
    ['a range that runs backwards', '2026-03-02', '2026-03-01', 'to'],
  ])('refuses %s, naming the field', (_, from, to, field) => {
    expect(checkDateRange(from, to)).toMatchObject({ ok: false, field });
  });

  it('accepts exactly the pairs of real days in order (property)', () => {
    const day = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const result = checkDateRange(a, b);
        expect(result.ok).toBe(a <= b);
        if (!result.ok) expect(result.field).toBe('to');
      }),
    );
  });

  it('never accepts text that is not a YYYY-MM-DD day, whatever it is (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        // An empty value is a range left open (an empty date input), not a wrong one.
        fc.pre(text !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(text));
        expect(isCalendarDay(text)).toBe(false);
        expect(checkDateRange(text, null)).toMatchObject({ ok: false, field: 'from' });
      }),
    );
  });
});

describe('undoVerdict: a lead goes back only when nobody acted on it since', () => {
  const sam = '00000000-0000-4000-8000-000000000001';
  const before: LeadWorkState = { status: 'new', lostReason: null, assigneeId: sam };
  const after: LeadWorkState = { status: 'lost', lostReason: 'Bought elsewhere', assigneeId: sam };

  it('puts back the state before the batch when the lead is as the batch left it', () => {
    expect(undoVerdict({ before, after }, after, [])).toEqual({ restore: true, to: before });
  });

  it('still puts it back after a private note, which changes nothing the undo restores', () => {
    expect(undoVerdict({ before, after }, after, ['lead.note_added'])).toEqual({ restore: true, to: before });
  });

  it.each([
    ['reopened', { ...after, status: 'contacted', lostReason: null }, []],
    ['given to someone else', { ...after, assigneeId: null }, ['lead.assigned']],
    ['changed and changed back', after, ['lead.status_changed', 'lead.status_changed']],
    ['called since', after, ['lead.call_logged']],
  ] as const)('leaves a lead %s as it is, saying why', (_, current, later) => {
    expect(undoVerdict({ before, after }, current as LeadWorkState, later)).toEqual({
      restore: false,
      reason: 'Changed since by someone: left as it is.',
    });
  });

  it('leaves a lead that is gone', () => {
    expect(undoVerdict({ before, after }, null, [])).toMatchObject({ restore: false });
  });

  it('restores only an untouched lead, and then exactly its state before (property)', () => {
    const state = fc.record({
      status: fc.constantFrom(...LEAD_STATUSES),
      lostReason: fc.option(fc.constantFrom('Price', 'Bought elsewhere'), { nil: null }),
      assigneeId: fc.option(fc.constantFrom(sam, '00000000-0000-4000-8000-000000000002'), { nil: null }),
    });
    const actions = fc.array(
      fc.constantFrom('lead.note_added', 'lead.assigned', 'lead.status_changed', 'lead.replied'),
    );
    fc.assert(
      fc.property(state, state, fc.option(state, { nil: null }), actions, (b, a, current, later) => {
        const verdict = undoVerdict({ before: b, after: a }, current, later);
        const untouched =
          current !== null &&
          current.status === a.status &&
          current.lostReason === a.lostReason &&
          current.assigneeId === a.assigneeId &&
          later.every((action) => action === 'lead.note_added');
        expect(verdict.restore).toBe(untouched);
        if (verdict.restore) expect(verdict.to).toEqual(b);
      }),
    );
  });
});

describe(`undoWindow: once, within ${BULK_UNDO_MINUTES} minutes`, () => {
  const made = new Date('2026-12-04T04:00:00Z');
  const after = (ms: number) => new Date(made.getTime() + ms);

  it('opens for ten minutes to the millisecond, then closes', () => {
    expect(undoWindow({ createdAt: made, undoneAt: null }, after(BULK_UNDO_MINUTES * 60_000))).toEqual({ ok: true });
    expect(undoWindow({ createdAt: made, undoneAt: null }, after(BULK_UNDO_MINUTES * 60_000 + 1))).toMatchObject({
      ok: false,
      title: 'Too late to undo',
    });
  });

  it('refuses a second undo', () => {
    expect(undoWindow({ createdAt: made, undoneAt: after(1000) }, after(2000))).toMatchObject({
      ok: false,
      title: 'Already undone',
    });
  });
});

describe('bulkSummary: what the console announces', () => {
  it.each([
    ['close', 5, null, 'Closed 5 leads'],
    ['close', 1, null, 'Closed 1 lead'],
    ['assign', 3, 'Sam Lee', 'Assigned 3 leads to Sam Lee'],
    ['assign', 2, null, 'Assigned 2 leads'],
  ] as const)('%s %i', (action, changed, who, text) => {
    expect(bulkSummary(action, changed, who)).toBe(text);
  });
});
