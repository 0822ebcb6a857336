'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  moveThumb,
  refineRange,
  SLIDER_DEBOUNCE_MS,
  SLIDER_ROUNDING,
  sliderBounds,
  sliderValues,
  type FacetStats,
} from '@platform/domain';
import type { SliderFacet } from '@/lib/search/url-codec';
import styles from './filters.module.css';

export interface RangeFilterProps {
  facet: SliderFacet;
  label: string;
  stats: FacetStats | undefined;
  /** The URL's 'min:max' for this facet, or undefined for the full range. */
  urlValue: string | undefined;
  format: (value: number) => string;
  /** Called 400 ms after the last move with the new URL value (null: full range). */
  onChange: (value: string | null) => void;
}

const ARROW_DIRECTION: Record<string, 1 | -1> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };

/**
 * Two sliders (minimum and maximum) for price, km or year: bounds from the facet stats, moved in
 * steps of range / 100, rounded and clamped by the rules in @platform/domain's range-slider,
 * applied after a 400 ms pause. The native inputs take any value (step="any"): the thumb moves by
 * the rules' steps, so it always sits on the rounded value its label shows, where a native step
 * grid (range / 100 from the minimum) would snap it off a whole thousand.
 */
export function RangeFilter({ facet, label, stats, urlValue, format, onChange }: RangeFilterProps) {
  const id = useId();
  const bounds = useMemo(() => sliderBounds(facet, stats, urlValue), [facet, stats, urlValue]);
  // Arrow keys move by the specification's step (range / 100), never finer than the rounding.
  const keyStep = Math.max(bounds.step, facet === 'year' ? 1 : SLIDER_ROUNDING);

  // Reset to the URL's value when it changes from outside (back and forward, other filters moving the bounds).
  const source = `${urlValue ?? ''}|${bounds.min}|${bounds.max}`;
  const [values, setValues] = useState<[number, number]>(() => sliderValues(facet, bounds, urlValue));
  const [seen, setSeen] = useState(source);
  if (seen !== source) {
    setSeen(source);
    setValues(sliderValues(facet, bounds, urlValue));
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), [source]);

  function move(thumb: 'min' | 'max', raw: number) {
    if (!Number.isFinite(raw)) return;
    const next = moveThumb(facet, bounds, values, thumb, raw);
    setValues(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const refinement = refineRange(bounds, next);
      if (!refinement.ok) {
        // Spec 000 §8: a slider value out of range gets a console note only.
        console.warn(refinement.note); // eslint-disable-line no-console
        return;
      }
      if (refinement.value !== (urlValue ?? null)) onChange(refinement.value);
    }, SLIDER_DEBOUNCE_MS);
  }

  function onKey(thumb: 'min' | 'max', event: KeyboardEvent<HTMLInputElement>) {
    const direction = ARROW_DIRECTION[event.key];
    if (!direction) return;
    event.preventDefault();
    const current = thumb === 'min' ? values[0] : values[1];
    move(thumb, current + direction * keyStep);
  }

  const [low, high] = values;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupHeading}>{label}</legend>
      <p className={styles.rangeValues} aria-hidden="true">
        {format(low)} – {format(high)}
      </p>
      <div className={styles.rangeRow}>
        <label htmlFor={`${id}-min`}>Minimum {label.toLowerCase()}</label>
        <input
          id={`${id}-min`}
          type="range"
          min={bounds.min}
          max={bounds.max}
          step="any"
          value={low}
          aria-valuetext={format(low)}
          onKeyDown={(event) => onKey('min', event)}
          onChange={(event) => move('min', event.currentTarget.valueAsNumber)}
        />
      </div>
      <div className={styles.rangeRow}>
        <label htmlFor={`${id}-max`}>Maximum {label.toLowerCase()}</label>
        <input
          id={`${id}-max`}
          type="range"
          min={bounds.min}
          max={bounds.max}
          step="any"
          value={high}
          aria-valuetext={format(high)}
          onKeyDown={(event) => onKey('max', event)}
          onChange={(event) => move('max', event.currentTarget.valueAsNumber)}
        />
      </div>
    </fieldset>
  );
}
