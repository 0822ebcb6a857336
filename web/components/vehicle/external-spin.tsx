'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How long the viewer script and its first drawing may take before the page stops waiting. */
export const EXTERNAL_SPIN_TIMEOUT_MS = 8000;

interface SpinViewerApi {
  mount(element: HTMLElement, options: { siteSlug: string; spinCode: string; name: string }): Promise<void>;
}
declare global {
  interface Window {
    PlatformSpinViewer?: SpinViewerApi;
  }
}

const loads = new Map<string, Promise<SpinViewerApi>>();

/** Loads the viewer script once per page (a script added by the page's own code, so the CSP's strict-dynamic lets it run). */
function loadViewer(scriptUrl: string): Promise<SpinViewerApi> {
  let load = loads.get(scriptUrl);
  if (!load) {
    load = new Promise<SpinViewerApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.onload = () =>
        window.PlatformSpinViewer
          ? resolve(window.PlatformSpinViewer)
          : reject(new Error(`${scriptUrl} did not define PlatformSpinViewer`));
      script.onerror = () => reject(new Error(`${scriptUrl} could not be loaded`));
      document.head.append(script);
    });
    // A failed load may be retried by a later page view; a good one is kept.
    load.catch(() => loads.delete(scriptUrl));
    loads.set(scriptUrl, load);
  }
  return load;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no spin after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The 360 tab's external viewer (spec 000 'External assets': a 3D spin viewer loaded using
 * spin_code), on sites with the impel flag. If the script cannot load or draw, the failure is
 * logged only (spec 000 §8) and the tab shows `fallback` (the car's own spin frames) or, with
 * none, `onUnavailable` takes the tab away: never an empty tab.
 */
export function ExternalSpin({
  scriptUrl,
  siteSlug,
  spinCode,
  name,
  fallback,
  onUnavailable,
}: {
  scriptUrl: string;
  siteSlug: string;
  spinCode: string;
  name: string;
  fallback: ReactNode | null;
  onUnavailable: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let current = true;
    withTimeout(
      loadViewer(scriptUrl).then((viewer) => viewer.mount(element, { siteSlug, spinCode, name })),
      EXTERNAL_SPIN_TIMEOUT_MS,
    ).then(
      () => current && setState('shown'),
      (error: Error) => {
        console.warn(`[vehicle] external spin ${spinCode} unavailable: ${error.message}`); // eslint-disable-line no-console
        if (current) setState('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [scriptUrl, siteSlug, spinCode, name]);

  useEffect(() => {
    if (state === 'failed' && fallback === null) onUnavailable();
  }, [state, fallback, onUnavailable]);

  if (state === 'failed') return fallback;
  return (
    <div data-testid="external-spin" aria-busy={state === 'loading'}>
      {/* The viewer owns this element's children; React never renders into it. */}
      <div ref={ref} />
      {state === 'loading' && <p className="visually-hidden">Loading the 360° view</p>}
    </div>
  );
}
