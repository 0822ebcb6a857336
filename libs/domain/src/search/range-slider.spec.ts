import {
  ABOVE_MAXIMUM_NOTE,
  appliedRange,
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
    expect(sliderValues('price', bounds, '')).toEqual([0, 100000]);
    expect(sliderValues('price', bounds, undefined)).toEqual([0, 100000]);
    expect(sliderValues('price', bounds, '20000:')).toEqual([20000, 100000]);
    expect(sliderValues('price', bounds, '-5:900000')).toEqual([0, 100000]);
  });

  // The whole stock of a demo site, up to $215,990: bounds 0 to 216,000, as the issue saw them.
  const stock = sliderBounds('price', { min: 0, max: 215990 });

  it('moves a dragged thumb in steps of the range / 100, each rounded to the nearest 1000', () => {
    expect(stock.step).toBe(2160);
    // 3,100 is nearest the first step (2,160), shown as $2,000; 5,500 the third (6,480), shown as $6,000.
    expect(moveThumb('price', stock, [0, 216000], 'min', 3100)).toEqual([2000, 216000]);
    expect(moveThumb('price', stock, [0, 216000], 'min', 5500)).toEqual([6000, 216000]);
    expect(moveThumb('price', stock, [0, 216000], 'max', 214000)).toEqual([0, 214000]);
    // A key press (one step on from a shown value) still lands one step on.
    expect(moveThumb('price', stock, [6000, 216000], 'min', 6000 + stock.step)).toEqual([9000, 216000]);
  });

  it('shows a URL value the way the slider holds it: rounded and clamped', () => {
    expect(sliderValues('price', stock, '6480:40000')).toEqual([6000, 40000]);
    expect(sliderValues('km', sliderBounds('km', { min: 0, max: 150000 }), '12345:')).toEqual([12000, 150000]);
    expect(sliderValues('year', sliderBounds('year', { min: 2012, max: 2025 }), '2001:2030')).toEqual([2012, 2025]);
  });

  it('applies what it shows: a URL value rounded, clamped, a side on its bound left open', () => {
    expect(appliedRange('price', stock, '6480:40000')).toBe('6000:40000');
    expect(appliedRange('price', stock, '6000:40000')).toBe('6000:40000');
    expect(appliedRange('price', stock, '0:40000')).toBe(':40000');
    expect(appliedRange('price', stock, '20000:999999')).toBe('20000:');
    // Out of range on both sides is the whole range: no filter, so cars without a price stay.
    expect(appliedRange('price', stock, '-5000:999999')).toBeNull();
    expect(appliedRange('price', stock, undefined)).toBeNull();
    expect(appliedRange('year', sliderBounds('year', { min: 2012, max: 2025 }), '2015:2030')).toBe('2015:');
  });

  it('with no usable maximum, keeps the default 100000 unless the URL asks beyond it', () => {
    expect(sliderBounds('price', undefined, '6000:40000').max).toBe(DEFAULT_SLIDER_MAX);
    expect(sliderBounds('price', undefined, '150000:').max).toBe(150000);
    expect(sliderBounds('price', undefined, ':150400').max).toBe(151000);
    expect(appliedRange('price', sliderBounds('price', undefined, '150000:'), '150000:')).toBe('150000:');
  });

  it('the price finder keeps min below max by at least 1 (spec 001 §4)', () => {
    expect(keepApart([5000, 250000], 'min', 250000)).toEqual([249999, 250000]);
    expect(keepApart([5000, 20000], 'max', 1000)).toEqual([5000, 5001]);
    expect(keepApart([5000, 20000], 'min', 7500)).toEqual([7500, 20000]);
  });
});
