'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import { formatDollars } from '@platform/domain';
import { keepApart, PRICE_FINDER } from '@platform/domain';
import { searchHref } from '@/lib/search/search-paths';
import { EMPTY_SEARCH_STATE } from '@/lib/search/url-codec';
import styles from './filters.module.css';

/**
 * Spec 001 screen 8: a price range (5000 to 250000 in steps of 500, min kept below max by at least
 * 1) and a link to the search for that range, highest price first.
 */
export function PriceFinder() {
  const id = useId();
  const [values, setValues] = useState<[number, number]>([PRICE_FINDER.min, PRICE_FINDER.max]);
  const [low, high] = values;
  const href = searchHref({ ...EMPTY_SEARCH_STATE, sortBy: 'price:desc', range: { price: `${low}:${high}` } });
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupHeading}>Price</legend>
      <p className={styles.rangeValues} aria-live="polite">
        {formatDollars(low)} – {formatDollars(high)}
      </p>
      {(['min', 'max'] as const).map((thumb) => (
        <div key={thumb} className={styles.rangeRow}>
          <label htmlFor={`${id}-${thumb}`}>{thumb === 'min' ? 'Minimum price' : 'Maximum price'}</label>
          <input
            id={`${id}-${thumb}`}
            type="range"
            min={PRICE_FINDER.min}
            max={PRICE_FINDER.max}
            step={PRICE_FINDER.step}
            value={thumb === 'min' ? low : high}
            aria-valuetext={formatDollars(thumb === 'min' ? low : high)}
            onChange={(event) => setValues(keepApart(values, thumb, event.currentTarget.valueAsNumber))}
          />
        </div>
      ))}
      <Link href={href} prefetch={false} className="button button-primary">
        Search
      </Link>
    </fieldset>
  );
}
