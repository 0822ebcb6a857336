/**
 * Pure scroll arithmetic of the carousel (spec 001 §4): which way the track can scroll, where each
 * slide snaps and which snap is selected. Measurements come from the DOM; the rules stay testable.
 */

/** Less than this many pixels counts as no scroll (sub-pixel layouts never land exactly on 0). */
const EPSILON = 1;

export interface ScrollMetrics {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** Previous and next are enabled only when the track can scroll that way. */
export function scrollAbility({ scrollLeft, clientWidth, scrollWidth }: ScrollMetrics): {
  canPrev: boolean;
  canNext: boolean;
} {
  const max = Math.max(0, scrollWidth - clientWidth);
  return { canPrev: scrollLeft > EPSILON, canNext: scrollLeft < max - EPSILON };
}

/**
 * Snap positions: each slide's start, relative to the first slide, clamped to the furthest the
 * track can scroll, with duplicates (the slides of the last page) folded into one.
 */
export function snapPositions(slideStarts: readonly number[], maxScroll: number): number[] {
  if (slideStarts.length === 0) return [];
  const first = slideStarts[0] as number;
  const snaps: number[] = [];
  for (const start of slideStarts) {
    const position = Math.max(0, Math.min(start - first, Math.max(0, maxScroll)));
    if (snaps.length === 0 || Math.abs(position - (snaps[snaps.length - 1] as number)) > EPSILON) snaps.push(position);
  }
  return snaps;
}

/** The snap nearest the scroll position: the dot shown as selected. */
export function selectedSnap(snaps: readonly number[], scrollLeft: number): number {
  let best = 0;
  snaps.forEach((snap, index) => {
    if (Math.abs(snap - scrollLeft) < Math.abs((snaps[best] as number) - scrollLeft)) best = index;
  });
  return best;
}

/** The snap to go to from the selected one, one step either way, kept in range. */
export function stepSnap(selected: number, direction: -1 | 1, count: number): number {
  return Math.max(0, Math.min(count - 1, selected + direction));
}

/**
 * Most dots shown at once: seven 24 px dots and the two arrows fit one row of a 390 px phone. A
 * carousel with more positions (a group's 19 locations) shows a moving window of them, so the
 * row never wraps and the selected dot is always in it; the arrows reach every position.
 */
export const MAX_DOTS = 7;

/** The dots to draw, [start, end) of the snaps: all when they fit, else MAX_DOTS centred on the selected one, held at the ends. */
export function dotWindow(selected: number, count: number, max = MAX_DOTS): { start: number; end: number } {
  if (count <= max) return { start: 0, end: count };
  const start = Math.max(0, Math.min(count - max, selected - Math.floor(max / 2)));
  return { start, end: start + max };
}
