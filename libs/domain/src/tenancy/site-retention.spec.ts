import fc from 'fast-check';
import { DEFAULT_SITE_RETENTION_DAYS, isSiteDueForPurge, sitePurgeCutoff } from './site-retention';

const DAY = 86_400_000;
const NOW = new Date('2026-11-29T03:00:00.000Z');

describe('isSiteDueForPurge', () => {
  it('purges a site retired more than the retention period ago, and not one retired exactly then or since', () => {
    const retiredDaysAgo = (days: number, ms = 0) => ({ retiredAt: new Date(NOW.getTime() - days * DAY - ms) });
    expect(isSiteDueForPurge(retiredDaysAgo(30, 1), NOW, 30)).toBe(true);
    expect(isSiteDueForPurge(retiredDaysAgo(400), NOW, 30)).toBe(true);
    expect(isSiteDueForPurge(retiredDaysAgo(30), NOW, 30)).toBe(false);
    expect(isSiteDueForPurge(retiredDaysAgo(29, 23 * 3_600_000), NOW, 30)).toBe(false);
    expect(isSiteDueForPurge(retiredDaysAgo(0), NOW, 30)).toBe(false);
  });

  it('never purges a live site (active or suspended: no retired_at)', () => {
    expect(isSiteDueForPurge({ retiredAt: null }, NOW, 1)).toBe(false);
    expect(isSiteDueForPurge({ retiredAt: null }, new Date(8.64e15), 1)).toBe(false);
  });

  it('does not purge a site whose retired_at is in the future or unreadable', () => {
    expect(isSiteDueForPurge({ retiredAt: new Date(NOW.getTime() + 90 * DAY) }, NOW, 1)).toBe(false);
    expect(isSiteDueForPurge({ retiredAt: new Date(Number.NaN) }, NOW, 1)).toBe(false);
  });

  it('refuses a retention that is not a whole number of days of at least one', () => {
    for (const days of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => isSiteDueForPurge({ retiredAt: NOW }, NOW, days)).toThrow(RangeError);
  });

  it('keeps 30 days by default', () => {
    expect(DEFAULT_SITE_RETENTION_DAYS).toBe(30);
  });

  it('agrees with the cutoff SQL asks with, and a due site stays due as time goes on (property)', () => {
    const instant = fc.integer({ min: 0, max: 4_102_444_800_000 });
    fc.assert(
      fc.property(
        instant,
        instant,
        fc.integer({ min: 1, max: 3650 }),
        fc.integer({ min: 0, max: 1000 * DAY }),
        (nowMs, retiredMs, days, later) => {
          const now = new Date(nowMs);
          const site = { retiredAt: new Date(retiredMs) };
          const due = isSiteDueForPurge(site, now, days);
          expect(due).toBe(retiredMs < sitePurgeCutoff(now, days).getTime());
          expect(due).toBe(nowMs - retiredMs > days * DAY);
          if (due) expect(isSiteDueForPurge(site, new Date(nowMs + later), days)).toBe(true);
          // A longer retention never makes a site due sooner.
          if (!due) expect(isSiteDueForPurge(site, now, days + 1)).toBe(false);
        },
      ),
    );
  });
});
