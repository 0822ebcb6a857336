import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { CarouselContext, useCarousel } from './carousel-context';
import { scrollAbility, selectedSnap, snapPositions, stepSnap } from './carousel-state';

function Probe() {
  return createElement('span', null, useCarousel().label);
}

describe('carousel context (spec 001 §8)', () => {
  it('throws when a carousel part is used outside a carousel', () => {
    expect(() => renderToString(createElement(Probe))).toThrow('useCarousel must be used within a <Carousel />');
  });

  it('reads the enclosing carousel', () => {
    expect(
      renderToString(
        createElement(CarouselContext.Provider, { value: { label: 'Our Locations' } }, createElement(Probe)),
      ),
    ).toContain('Our Locations');
  });
});

describe('scrollAbility: previous and next enabled by the ability to scroll', () => {
  it.each([
    [
      { scrollLeft: 0, clientWidth: 600, scrollWidth: 600 },
      { canPrev: false, canNext: false },
    ],
    [
      { scrollLeft: 0, clientWidth: 600, scrollWidth: 1200 },
      { canPrev: false, canNext: true },
    ],
    [
      { scrollLeft: 300, clientWidth: 600, scrollWidth: 1200 },
      { canPrev: true, canNext: true },
    ],
    [
      { scrollLeft: 599.5, clientWidth: 600, scrollWidth: 1200 },
      { canPrev: true, canNext: false },
    ],
    [
      { scrollLeft: 0.4, clientWidth: 600, scrollWidth: 1200 },
      { canPrev: false, canNext: true },
    ],
  ])('%o', (metrics, expected) => {
    expect(scrollAbility(metrics)).toEqual(expected);
  });
});

describe('snaps and the selected dot', () => {
  it('a snap per slide start, clamped to the end and folded', () => {
    expect(snapPositions([10, 210, 410, 610, 810], 500)).toEqual([0, 200, 400, 500]);
    expect(snapPositions([0, 200, 400], 0)).toEqual([0]);
    expect(snapPositions([], 100)).toEqual([]);
  });

  it('selects the nearest snap', () => {
    expect(selectedSnap([0, 200, 400, 500], 0)).toBe(0);
    expect(selectedSnap([0, 200, 400, 500], 290)).toBe(1);
    expect(selectedSnap([0, 200, 400, 500], 480)).toBe(3);
  });

  it('steps one snap at a time within range', () => {
    expect(stepSnap(0, -1, 4)).toBe(0);
    expect(stepSnap(0, 1, 4)).toBe(1);
    expect(stepSnap(3, 1, 4)).toBe(3);
  });
});
