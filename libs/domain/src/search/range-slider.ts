import type { RangeFacet } from './facets';
import { parseRange } from './range';
import type { FacetStats } from './search-result';

/**
 * The range sliders' rules (spec 000 §4, §5, §9): bounds from the facet's stats (maximum 100000
 * when the facet has no usable maximum), step = range / 100, price and km rounded to the nearest
 * 1000, min never past max, and values outside the bounds rejected with a console note only. A
 * URL's value is clamped and rounded the same way, and that is the value applied (`appliedRange`),
 * so the label, the thumb and the results always agree.
 */

export const DEFAULT_SLIDER_MAX = 100000;
export const SLIDER_STEPS = 100;
/** Price and km move in thousands. */
export const SLIDER_ROUNDING = 1000;
export const SLIDER_DEBOUNCE_MS = 400;
export const TEXT_SEARCH_DEBOUNCE_MS = 300;

export const BELOW_MINIMUM_NOTE = 'Cannot refine below the range minimum';
export const ABOVE_MAXIMUM_NOTE = 'Cannot refine above the range maximum';

export interface SliderBounds {
  min: number;
  max: number;
  step: number;
}

const roundsToThousands = (facet: RangeFacet): boolean => facet === 'price' || facet === 'km';

/** Rounds a slider value the way the facet moves: to the nearest 1000 for price and km, whole numbers for year. */
export function roundSliderValue(facet: RangeFacet, value: number): number {
  return roundsToThousands(facet) ? Math.round(value / SLIDER_ROUNDING) * SLIDER_ROUNDING : Math.round(value);
}

/**
 * The slider's bounds. For price and km they widen outward to whole thousands, so that a rounded
 * value at either end is still inside the range. Without a usable maximum (a search that found no
 * cars) the maximum is the default 100000, or the URL's own value where it asks beyond that: the
 * slider must be able to show the range that is applied, and no stock says it is out of range.
 */
export function sliderBounds(
  facet: RangeFacet,
  stats: FacetStats | null | undefined,
  urlValue?: string | null,
): SliderBounds {
  const usable = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);
  let min = usable(stats?.min) ? Math.max(0, stats.min) : 0;
  let max: number;
  if (usable(stats?.max) && stats.max > min) max = stats.max;
  else {
    const asked = urlValue ? parseRange(urlValue) : null;
    max = Math.max(DEFAULT_SLIDER_MAX, min + 1, asked?.min ?? 0, asked?.max ?? 0);
  }
  if (roundsToThousands(facet)) {
    min = Math.floor(min / SLIDER_ROUNDING) * SLIDER_ROUNDING;
    max = Math.ceil(max / SLIDER_ROUNDING) * SLIDER_ROUNDING;
  } else {
    min = Math.floor(min);
    max = Math.ceil(max);
  }
  return { min, max, step: (max - min) / SLIDER_STEPS };
}

const clamp = (value: number, bounds: SliderBounds): number => Math.min(bounds.max, Math.max(bounds.min, value));

/** A value as the slider holds it: rounded as the facet moves, then clamped to the bounds (which are on that grid). */
const held = (facet: RangeFacet, bounds: SliderBounds, value: number): number =>
  clamp(roundSliderValue(facet, value), bounds);

/**
 * The slider's two values for a URL range text, rounded and clamped as the slider holds them: an
 * empty or missing side is the bound (full range).
 */
export function sliderValues(
  facet: RangeFacet,
  bounds: SliderBounds,
  text: string | null | undefined,
): [number, number] {
  const range = text ? parseRange(text) : null;
  const low = held(facet, bounds, range?.min ?? bounds.min);
  const high = held(facet, bounds, range?.max ?? bounds.max);
  return low <= high ? [low, high] : [high, high];
}

/**
 * Moves one thumb: to the nearest step (range / 100) from the minimum, rounded, clamped to the
 * bounds and kept on its side of the other thumb (min cannot pass max; max cannot go below min).
 */
export function moveThumb(
  facet: RangeFacet,
  bounds: SliderBounds,
  values: [number, number],
  thumb: 'min' | 'max',
  value: number,
): [number, number] {
  const stepped = bounds.step > 0 ? bounds.min + Math.round((value - bounds.min) / bounds.step) * bounds.step : value;
  const moved = held(facet, bounds, stepped);
  const [low, high] = values;
  return thumb === 'min' ? [Math.min(moved, high), high] : [low, Math.max(moved, low)];
}

export type Refinement =
  { ok: true; value: string | null } | { ok: false; note: typeof BELOW_MINIMUM_NOTE | typeof ABOVE_MAXIMUM_NOTE };

/**
 * The URL value for a chosen range: null for the full range, an open side where a thumb sits on
 * its bound. Values outside the bounds are refused with the specification's console note.
 */
export function refineRange(bounds: SliderBounds, [low, high]: [number, number]): Refinement {
  if (low < bounds.min) return { ok: false, note: BELOW_MINIMUM_NOTE };
  if (high > bounds.max) return { ok: false, note: ABOVE_MAXIMUM_NOTE };
  const min = low > bounds.min ? low : null;
  const max = high < bounds.max ? high : null;
  if (min === null && max === null) return { ok: true, value: null };
  return { ok: true, value: `${min ?? ''}:${max ?? ''}` };
}

/**
 * The range a URL value applies: the values the slider shows for it (rounded, clamped), with a side
 * on its bound left open; null for the whole range, which filters nothing (cars without a price or
 * km stay). Where this differs from the URL's own value, the page moves to it.
 */
export function appliedRange(facet: RangeFacet, bounds: SliderBounds, text: string | null | undefined): string | null {
  const refinement = refineRange(bounds, sliderValues(facet, bounds, text));
  return refinement.ok ? refinement.value : null;
}

/** Spec 001 screen 8: the price finder's slider, 5000 to 250000 in steps of 500, min kept below max by at least 1. */
export const PRICE_FINDER = { min: 5000, max: 250000, step: 500 } as const;

/** Keeps the price finder's thumbs apart: the moved thumb stops 1 short of the other. */
export function keepApart(
  values: [number, number],
  thumb: 'min' | 'max',
  value: number,
  bounds: { min: number; max: number } = PRICE_FINDER,
): [number, number] {
  const [low, high] = values;
  const v = Math.min(bounds.max, Math.max(bounds.min, value));
  return thumb === 'min' ? [Math.min(v, high - 1), high] : [low, Math.max(v, low + 1)];
}
