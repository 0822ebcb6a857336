'use client';

import { createContext, useContext } from 'react';

export interface CarouselContextValue {
  /** The carousel's accessible name, for its slides. */
  label: string;
}

export const CarouselContext = createContext<CarouselContextValue | null>(null);

/** The enclosing carousel; a carousel part used outside a carousel throws (spec 001 §8). */
export function useCarousel(): CarouselContextValue {
  const context = useContext(CarouselContext);
  if (!context) throw new Error('useCarousel must be used within a <Carousel />');
  return context;
}
