'use client';

import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { CarouselContext, useCarousel } from './carousel-context';
import { dotWindow, scrollAbility, selectedSnap, snapPositions, stepSnap } from './carousel-state';
import styles from './carousel.module.css';

interface CarouselState {
  canPrev: boolean;
  canNext: boolean;
  snaps: number[];
  selected: number;
}

const INITIAL: CarouselState = { canPrev: false, canNext: false, snaps: [0], selected: 0 };

function sameState(a: CarouselState, b: CarouselState): boolean {
  return (
    a.canPrev === b.canPrev &&
    a.canNext === b.canNext &&
    a.selected === b.selected &&
    a.snaps.length === b.snaps.length &&
    a.snaps.every((snap, index) => snap === b.snaps[index])
  );
}

export interface CarouselProps {
  /** Accessible name of the carousel (also names its controls). */
  label: string;
  /** Id of a visible heading naming the carousel, used instead of label when given. */
  labelledBy?: string;
  /** Slides in view on wide screens. */
  perView?: number;
  className?: string;
  /** CarouselItem elements. */
  children: ReactNode;
}

/**
 * A horizontal carousel on CSS scroll-snap (spec 001 §4): previous and next are enabled only when
 * the track can scroll that way, the arrow keys scroll, and the dots track the selected slide.
 * Without JavaScript the track still scrolls and swipes.
 */
export function Carousel({ label, labelledBy, perView = 3, className, children }: CarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [state, setState] = useState<CarouselState>(INITIAL);

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const starts = Array.from(track.children, (child) => (child as HTMLElement).offsetLeft);
    const snaps = snapPositions(starts, track.scrollWidth - track.clientWidth);
    const next: CarouselState = {
      ...scrollAbility(track),
      snaps: snaps.length > 0 ? snaps : [0],
      selected: selectedSnap(snaps, track.scrollLeft),
    };
    setState((previous) => (sameState(previous, next) ? previous : next));
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    measure();
    track.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => {
      track.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track) return;
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      track.scrollTo({ left: state.snaps[index] ?? 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    },
    [state.snaps],
  );

  const step = (direction: -1 | 1) => {
    if ((direction === -1 && !state.canPrev) || (direction === 1 && !state.canNext)) return;
    goTo(stepSnap(state.selected, direction, state.snaps.length));
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    step(event.key === 'ArrowLeft' ? -1 : 1);
  }

  const context = useMemo(() => ({ label }), [label]);
  const dots = dotWindow(state.selected, state.snaps.length);
  const style = { '--carousel-per-view': perView } as CSSProperties;

  return (
    <CarouselContext.Provider value={context}>
      <div
        role="group"
        aria-roledescription="carousel"
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        className={[styles.carousel, className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        <ul ref={trackRef} className={styles.track} style={style} tabIndex={0} aria-label={`${label} slides`}>
          {children}
        </ul>
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            onClick={() => step(-1)}
            disabled={!state.canPrev}
            aria-label="Previous slide"
          >
            <span aria-hidden="true">‹</span>
          </button>
          {state.snaps.length > 1 && (
            <div className={styles.dots} role="group" aria-label={`Choose a slide of ${label}`}>
              {state.snaps.slice(dots.start, dots.end).map((snap, offset) => {
                const index = dots.start + offset;
                return (
                  <button
                    key={snap}
                    type="button"
                    className={styles.dot}
                    aria-label={`Go to slide ${index + 1} of ${state.snaps.length}`}
                    aria-current={index === state.selected ? 'true' : undefined}
                    onClick={() => goTo(index)}
                  />
                );
              })}
            </div>
          )}
          <button
            type="button"
            className={styles.arrow}
            onClick={() => step(1)}
            disabled={!state.canNext}
            aria-label="Next slide"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
    </CarouselContext.Provider>
  );
}

/** One slide. Used outside a Carousel it throws. */
export function CarouselItem({ className, children }: { className?: string; children: ReactNode }) {
  useCarousel();
  return <li className={[styles.item, className].filter(Boolean).join(' ')}>{children}</li>;
}
