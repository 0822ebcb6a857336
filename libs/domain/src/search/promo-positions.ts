import type { SiteConfig } from '../site-config/site-config.schema';

/**
 * Where the 'We Want Your Car' promo card goes (spec 000 §9): at fixed positions (default 30),
 * every Nth card up to a limit (every 5th up to 30 on one site), or at a random position drawn from
 * a small range (3 to 5 on another). Positions count cards across pages from 1, so the default 30
 * falls on page 2 of 21 a page.
 */
export function promoPositions(promo: SiteConfig['promo'], random: () => number = Math.random): number[] {
  if (!promo.enabled) return [];
  if (promo.mode === 'every') {
    const positions: number[] = [];
    for (let p = promo.every; p <= promo.up_to; p += promo.every) positions.push(p);
    return positions;
  }
  if (promo.mode === 'random') {
    const low = Math.min(promo.random_min, promo.random_max);
    const high = Math.max(promo.random_min, promo.random_max);
    return [low + Math.floor(random() * (high - low + 1))];
  }
  return [...new Set(promo.positions)].sort((a, b) => a - b);
}

export type ResultSlot<T> = { kind: 'car'; car: T; index: number } | { kind: 'promo'; position: number };

/**
 * One page's cards with the promo cards placed: a promo at position p stands just before the
 * p-th car of the whole result (counted from 1), so the cars keep their order and page size.
 */
export function withPromos<T>(
  cars: readonly T[],
  page: number,
  hitsPerPage: number,
  positions: readonly number[],
): ResultSlot<T>[] {
  const first = (page - 1) * hitsPerPage + 1;
  const slots: ResultSlot<T>[] = [];
  cars.forEach((car, i) => {
    const position = first + i;
    if (positions.includes(position)) slots.push({ kind: 'promo', position });
    slots.push({ kind: 'car', car, index: i });
  });
  return slots;
}
