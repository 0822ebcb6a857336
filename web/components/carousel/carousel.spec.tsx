import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { CarouselContext, useCarousel } from './carousel-context';
import { dotWindow, MAX_DOTS, scrollAbility, selectedSnap, snapPositions, stepSnap } from './carousel-state';

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

describe('dotWindow: the dots stay one row on a phone', () => {
  it('shows every dot when there are no more than the most that fit', () => {
    expect(dotWindow(0, 5)).toEqual({ start: 0, end: 5 });
    expect(dotWindow(6, MAX_DOTS)).toEqual({ start: 0, end: MAX_DOTS });
  });

  it('otherwise a window of MAX_DOTS around the selected dot, held at the ends', () => {
    expect(dotWindow(0, 19, 7)).toEqual({ start: 0, end: 7 });
    expect(dotWindow(3, 19, 7)).toEqual({ start: 0, end: 7 });
    expect(dotWindow(4, 19, 7)).toEqual({ start: 1, end: 8 });
    expect(dotWindow(10, 19, 7)).toEqual({ start: 7, end: 14 });
    expect(dotWindow(18, 19, 7)).toEqual({ start: 12, end: 19 });
  });

  it('always includes the selected dot', () => {
    for (let selected = 0; selected < 19; selected += 1) {
      const { start, end } = dotWindow(selected, 19);
      expect(selected >= start && selected < end && end - start === MAX_DOTS).toBe(true);
    }
  });
});
