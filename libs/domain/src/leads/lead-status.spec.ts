import fc from 'fast-check';
import { LEAD_STATUSES, leadStatusesAfter, leadTransition, type LeadStatus } from './lead-status';

describe('leadTransition: new -> contacted -> won / lost, lost with a reason', () => {
  it.each<[LeadStatus, LeadStatus]>([
    ['new', 'contacted'],
    ['contacted', 'won'],
    ['new', 'won'],
    ['won', 'contacted'],
    ['lost', 'contacted'],
    // A test drive booked: from new (booking it is the answer) or contacted; one that falls through.
    ['new', 'appointment'],
    ['contacted', 'appointment'],
    ['appointment', 'contacted'],
    ['appointment', 'won'],
  ])('allows %s -> %s without a reason', (from, to) => {
    expect(leadTransition(from, to)).toEqual({ ok: true, status: to, reason: null });
  });

  it.each<[LeadStatus, LeadStatus]>([
    ['contacted', 'new'],
    ['won', 'lost'],
    ['lost', 'won'],
    ['new', 'new'],
    ['won', 'won'],
    ['appointment', 'new'],
    ['appointment', 'appointment'],
    ['won', 'appointment'],
    ['lost', 'appointment'],
  ])('refuses %s -> %s, naming status', (from, to) => {
    expect(leadTransition(from, to, 'x')).toMatchObject({ ok: false, field: 'status' });
  });

  it('needs a reason to lose a lead, trims it and bounds it', () => {
    expect(leadTransition('contacted', 'lost')).toMatchObject({ ok: false, field: 'reason' });
    expect(leadTransition('contacted', 'lost', '   ')).toMatchObject({ ok: false, field: 'reason' });
    expect(leadTransition('contacted', 'lost', 'x'.repeat(301))).toMatchObject({ ok: false, field: 'reason' });
    expect(leadTransition('appointment', 'lost')).toMatchObject({ ok: false, field: 'reason' });
    expect(leadTransition('new', 'lost', ' Bought elsewhere ')).toEqual({
      ok: true,
      status: 'lost',
      reason: 'Bought elsewhere',
    });
    // Only a lost lead keeps a reason.
    expect(leadTransition('new', 'contacted', 'ignored')).toEqual({ ok: true, status: 'contacted', reason: null });
  });

  it('over any sequence of requests, a lead never returns to new and only moves along allowed edges (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...LEAD_STATUSES), fc.option(fc.string(), { nil: undefined }))),
        (requests) => {
          let status: LeadStatus = 'new';
          for (const [to, reason] of requests) {
            const result = leadTransition(status, to, reason);
            if (result.ok) {
              expect(leadStatusesAfter(status)).toContain(to);
              expect(to).not.toBe('new');
              if (to === 'lost') expect(result.reason).toBeTruthy();
              status = result.status;
            } else {
              expect(result.message.length).toBeGreaterThan(0);
            }
          }
        },
      ),
    );
  });
});
