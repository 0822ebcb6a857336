import type { RangeFacet } from './facets';
import { parseRange } from './range';
import type { FacetStats } from './search-result';

/**
 * The range sliders' rules (spec 000 §4, §5, §9): bounds from the facet's stats (maximum 100000
 * when the facet has no usable maximum), step = range / 100, price and km rounded to the nearest
 * 1000, min never past max, and values outside the bounds rejected with a console note only.
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
 * value at either end is still inside the range.
 */
export function sliderBounds(facet: RangeFacet, stats: FacetStats | null | undefined): SliderBounds {
  const usable = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);
  let min = usable(stats?.min) ? Math.max(0, stats.min) : 0;
  let max = usable(stats?.max) && stats.max > min ? stats.max : Math.max(DEFAULT_SLIDER_MAX, min + 1);
  if (roundsToThousands(facet)) {
    min = Math.floor(min / SLIDER_ROUNDING) * SLIDER_ROUNDING;
    max = Math.ceil(max / SLIDER_ROUNDING) * SLIDER_ROUNDING;
  } else {
    min = Math.floor(min);
    max = Math.ceil(max);
  }
  return { min, max, step: (max - min) / SLIDER_STEPS };
}

/** The slider's two values for a URL range text: an empty or missing side is the bound (full range). */
export function sliderValues(bounds: SliderBounds, text: string | null | undefined): [number, number] {
  const range = text ? parseRange(text) : null;
  const low = clamp(range?.min ?? bounds.min, bounds);
  const high = clamp(range?.max ?? bounds.max, bounds);
  return low <= high ? [low, high] : [high, high];
}

const clamp = (value: number, bounds: SliderBounds): number => Math.min(bounds.max, Math.max(bounds.min, value));

/**
 * Moves one thumb: rounds the value, clamps it to the bounds and keeps it on its side of the other
 * thumb (min cannot pass max; max cannot go below min).
 */
export function moveThumb(
  facet: RangeFacet,
  bounds: SliderBounds,
  values: [number, number],
  thumb: 'min' | 'max',
  value: number,
): [number, number] {
  const rounded = clamp(roundSliderValue(facet, value), bounds);
  const [low, high] = values;
  return thumb === 'min' ? [Math.min(rounded, high), high] : [low, Math.max(rounded, low)];
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
