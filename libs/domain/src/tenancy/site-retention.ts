/**
 * Days a retired site's rows are kept before the worker purges them (SITE_RETENTION_DAYS): long
 * enough for ops to notice a site retired by mistake and for a dealer who left to ask for their
 * leads, short enough that a former tenant's shoppers' data does not linger.
 */
export const DEFAULT_SITE_RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;

/** What the rule needs of a site: whether and when it was retired (sites.retired_at). */
export interface RetiredAt {
  retiredAt: Date | null;
}

/**
 * The earliest retired_at that is not yet due at `now`: a site retired before it is due. SQL asks
 * with this bound so the database and the rule below agree on the edge.
 */
export function sitePurgeCutoff(now: Date, retentionDays: number): Date {
  if (!Number.isInteger(retentionDays) || retentionDays < 1)
    throw new RangeError(`retentionDays must be a whole number of days, at least 1 (got ${retentionDays})`);
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/**
 * A site is purged only once it was retired more than `retentionDays` ago. A live site (active or
 * suspended, retiredAt null) is never due, whatever the clock says: suspension is reversible and
 * keeps everything. A retired_at in the future (a clock skewed between hosts) is not due either.
 */
export function isSiteDueForPurge(site: RetiredAt, now: Date, retentionDays: number): boolean {
  const cutoff = sitePurgeCutoff(now, retentionDays);
  if (site.retiredAt === null) return false;
  const retired = site.retiredAt.getTime();
  return !Number.isNaN(retired) && retired < cutoff.getTime();
}
