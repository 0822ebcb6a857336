import fc from 'fast-check';
import { campaignChangesAt, campaignLive, campaignWindow, siteTimeZone } from './campaign';

// Spec 001 §9: 'A promo campaign runs on some sites from 2025-08-21 to 2025-09-30.'
const SPRING = { name: 'Spring Drive Days', start: '2025-08-21', end: '2025-09-30' };
const at = (iso: string) => new Date(iso);

describe('campaignLive (an injected clock)', () => {
  it('runs from midnight of 21 August to the end of 30 September in Sydney', () => {
    expect(campaignLive(SPRING, 'Australia/Sydney', at('2025-08-20T13:59:59.999Z'))).toBe(false); // 20 Aug 23:59:59.999 (+10:00)
    expect(campaignLive(SPRING, 'Australia/Sydney', at('2025-08-20T14:00:00Z'))).toBe(true);
    expect(campaignLive(SPRING, 'Australia/Sydney', at('2025-09-15T02:00:00Z'))).toBe(true);
    expect(campaignLive(SPRING, 'Australia/Sydney', at('2025-09-30T13:59:59.999Z'))).toBe(true);
    expect(campaignLive(SPRING, 'Australia/Sydney', at('2025-09-30T14:00:00Z'))).toBe(false);
    expect(campaignLive(SPRING, 'Australia/Sydney', at('2026-11-25T00:00:00Z'))).toBe(false);
  });

  it('reads the dates in the site’s own zone: Perth starts and ends two hours after Sydney', () => {
    expect(campaignLive(SPRING, 'Australia/Perth', at('2025-08-20T14:00:00Z'))).toBe(false);
    expect(campaignLive(SPRING, 'Australia/Perth', at('2025-08-20T16:00:00Z'))).toBe(true);
    expect(campaignLive(SPRING, 'Australia/Perth', at('2025-09-30T15:59:59Z'))).toBe(true);
    expect(campaignLive(SPRING, 'Australia/Perth', at('2025-09-30T16:00:00Z'))).toBe(false);
  });

  it('takes daylight saving into account (Adelaide ends at +10:30 after 5 October)', () => {
    const october = { name: 'October', start: '2025-10-01', end: '2025-10-31' };
    expect(campaignLive(october, 'Australia/Adelaide', at('2025-10-31T13:29:59Z'))).toBe(true);
    expect(campaignLive(october, 'Australia/Adelaide', at('2025-10-31T13:30:00Z'))).toBe(false);
  });

  it('never shows without a campaign, with an unreadable date or zone, or with its end before its start', () => {
    const now = at('2025-09-01T00:00:00Z');
    expect(campaignLive(null, 'Australia/Sydney', now)).toBe(false);
    expect(campaignLive({ ...SPRING, start: 'soon' }, 'Australia/Sydney', now)).toBe(false);
    expect(campaignLive(SPRING, 'Mars/Olympus_Mons', now)).toBe(false);
    expect(campaignLive({ ...SPRING, start: '2025-10-01' }, 'Australia/Sydney', now)).toBe(false);
  });
});

describe('campaignChangesAt: how long a page with or without the campaign stays right', () => {
  it('is its start before it, the instant after its end during it, and never after it', () => {
    const window = campaignWindow(SPRING, 'Australia/Sydney');
    expect(window).toEqual({
      startsAt: Date.parse('2025-08-20T14:00:00Z'),
      endsAt: Date.parse('2025-09-30T13:59:59.999Z'),
    });
    expect(campaignChangesAt(SPRING, 'Australia/Sydney', at('2025-08-01T00:00:00Z'))).toBe(window?.startsAt);
    expect(campaignChangesAt(SPRING, 'Australia/Sydney', at('2025-09-01T00:00:00Z'))).toBe(
      Date.parse('2025-09-30T14:00:00Z'),
    );
    expect(campaignChangesAt(SPRING, 'Australia/Sydney', at('2025-10-01T00:00:00Z'))).toBeNull();
    expect(campaignChangesAt(null, 'Australia/Sydney', at('2025-10-01T00:00:00Z'))).toBeNull();
  });

  it('property: whatever the clock, the campaign is shown exactly until the instant it next changes', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2025-01-01T00:00:00Z'), max: at('2026-01-01T00:00:00Z'), noInvalidDate: true }),
        (now) => {
          const change = campaignChangesAt(SPRING, 'Australia/Sydney', now);
          const shown = campaignLive(SPRING, 'Australia/Sydney', now);
          if (change === null) return !shown && !campaignLive(SPRING, 'Australia/Sydney', at('2030-01-01T00:00:00Z'));
          return (
            change > now.getTime() &&
            campaignLive(SPRING, 'Australia/Sydney', new Date(change - 1)) === shown &&
            campaignLive(SPRING, 'Australia/Sydney', new Date(change)) !== shown
          );
        },
      ),
    );
  });
});

describe('siteTimeZone', () => {
  it('is the first dealership’s primary location’s zone, else any location’s, else Sydney', () => {
    const locations = [
      { dealership_id: 2, primary: true, time_zone: 'Australia/Perth' },
      { dealership_id: 1, primary: false, time_zone: 'Australia/Brisbane' },
      { dealership_id: 1, primary: true, time_zone: 'Australia/Melbourne' },
    ];
    expect(siteTimeZone([{ id: 1 }, { id: 2 }], locations)).toBe('Australia/Melbourne');
    expect(siteTimeZone([{ id: 2 }, { id: 1 }], locations)).toBe('Australia/Perth');
    expect(siteTimeZone([{ id: 3 }], locations)).toBe('Australia/Perth');
    expect(siteTimeZone([], [])).toBe('Australia/Sydney');
  });
});
