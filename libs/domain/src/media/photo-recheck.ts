/**
 * When a photo address is asked again (issue 38). Dealers' feeds arrive daily or hourly with the
 * same addresses; asking each host about every photo on every run would be thousands of requests
 * for nothing. So an address is queued when it was never asked, when its last check is at least
 * the re-check window old (MEDIA_RECHECK_HOURS, default 12: a daily snapshot checks each photo
 * once a day with a conditional request, which costs a 304 and no bytes when it is unchanged), or
 * when it is about to be drawn first on its car and its eager variants are still owed (made from
 * the stored copy after a conditional request). Ops can force a check (media-reprocess).
 */
export interface PhotoCheckState {
  status: 'pending' | 'stored' | 'refused' | 'unreachable';
  /** When the address was last asked, whatever it answered; null when never. */
  checkedAt: Date | null;
  /** The photo is now one of its car's first and lacks variants the pages draw first. */
  eagerOwed?: boolean;
}

/** Default hours between two checks of one photo address. */
export const DEFAULT_PHOTO_RECHECK_HOURS = 12;

export function photoCheckDue(state: PhotoCheckState, now: Date, recheckAfterMs: number): boolean {
  if (state.checkedAt === null) return true;
  if (state.eagerOwed && state.status === 'stored') return true;
  return now.getTime() - state.checkedAt.getTime() >= recheckAfterMs;
}

/**
 * The media job's key for one check of a photo: its last check time and whether it is eager. Two
 * runs that see the photo in the same state (a second push before the first was fetched) queue the
 * same job once; once the photo has been asked, its next due check is a new job.
 */
export function photoCheckKey(checkedAt: Date | null, eager: boolean): string {
  return `c${checkedAt?.getTime() ?? 0}${eager ? 'e' : ''}`;
}
