import {
  ABOVE_MAXIMUM_NOTE,
  BELOW_MINIMUM_NOTE,
  DEFAULT_SLIDER_MAX,
  keepApart,
  moveThumb,
  refineRange,
  roundSliderValue,
  sliderBounds,
  sliderValues,
} from './range-slider';

describe('range slider rules (spec 000 §4, §5, §9)', () => {
  it('takes its bounds from the facet stats, widened to whole thousands for price and km', () => {
    expect(sliderBounds('price', { min: 12345, max: 87654 })).toEqual({ min: 12000, max: 88000, step: 760 });
    expect(sliderBounds('km', { min: 5, max: 240100 })).toEqual({ min: 0, max: 241000, step: 2410 });
    expect(sliderBounds('year', { min: 2012, max: 2025 })).toEqual({ min: 2012, max: 2025, step: 0.13 });
  });

  it('uses a maximum of 100000 when the facet has no usable maximum', () => {
    expect(sliderBounds('price', undefined)).toEqual({ min: 0, max: DEFAULT_SLIDER_MAX, step: 1000 });
    expect(sliderBounds('price', { min: 5000, max: 5000 }).max).toBe(DEFAULT_SLIDER_MAX);
    expect(sliderBounds('price', { min: 0, max: Number.NaN }).max).toBe(DEFAULT_SLIDER_MAX);
  });

  it('step is the range divided by 100', () => {
    const bounds = sliderBounds('price', { min: 0, max: 250000 });
    expect(bounds.step).toBe(2500);
  });

  it('rounds price and km to the nearest 1000, year to whole years', () => {
    expect(roundSliderValue('price', 24499)).toBe(24000);
    expect(roundSliderValue('price', 24500)).toBe(25000);
    expect(roundSliderValue('km', 999)).toBe(1000);
    expect(roundSliderValue('year', 2019.6)).toBe(2020);
  });

  const bounds = { min: 0, max: 100000, step: 1000 };

  it('clamps to the bounds and never lets min pass max or max go below min', () => {
    expect(moveThumb('price', bounds, [10000, 50000], 'min', 70000)).toEqual([50000, 50000]);
    expect(moveThumb('price', bounds, [10000, 50000], 'max', 2000)).toEqual([10000, 10000]);
    expect(moveThumb('price', bounds, [10000, 50000], 'min', -5000)).toEqual([0, 50000]);
    expect(moveThumb('price', bounds, [10000, 50000], 'max', 250000)).toEqual([10000, 100000]);
    expect(moveThumb('price', bounds, [10000, 50000], 'min', 12600)).toEqual([13000, 50000]);
  });

  it('refuses values outside the range with the console notes only', () => {
    expect(refineRange(bounds, [-1, 50000])).toEqual({ ok: false, note: BELOW_MINIMUM_NOTE });
    expect(refineRange(bounds, [0, 100001])).toEqual({ ok: false, note: ABOVE_MAXIMUM_NOTE });
    expect(BELOW_MINIMUM_NOTE).toBe('Cannot refine below the range minimum');
    expect(ABOVE_MAXIMUM_NOTE).toBe('Cannot refine above the range maximum');
  });

  it('leaves a side open at its bound and the whole value out for the full range', () => {
    expect(refineRange(bounds, [10000, 40000])).toEqual({ ok: true, value: '10000:40000' });
    expect(refineRange(bounds, [0, 40000])).toEqual({ ok: true, value: ':40000' });
    expect(refineRange(bounds, [10000, 100000])).toEqual({ ok: true, value: '10000:' });
    expect(refineRange(bounds, [0, 100000])).toEqual({ ok: true, value: null });
  });

  it('an emptied URL value is the full range', () => {
    expect(sliderValues(bounds, '')).toEqual([0, 100000]);
    expect(sliderValues(bounds, undefined)).toEqual([0, 100000]);
    expect(sliderValues(bounds, '20000:')).toEqual([20000, 100000]);
    expect(sliderValues(bounds, '-5:900000')).toEqual([0, 100000]);
  });

  it('the price finder keeps min below max by at least 1 (spec 001 §4)', () => {
    expect(keepApart([5000, 250000], 'min', 250000)).toEqual([249999, 250000]);
    expect(keepApart([5000, 20000], 'max', 1000)).toEqual([5000, 5001]);
    expect(keepApart([5000, 20000], 'min', 7500)).toEqual([7500, 20000]);
  });
});
