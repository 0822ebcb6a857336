'use client';

import { useState } from 'react';
import { formatDollars } from '@platform/domain';
import styles from './quick-search.module.css';

export interface QuickSearchMake {
  name: string;
  count: number;
  models: { value: string; name: string; count: number }[];
}

interface QuickSearchFormProps {
  action: string;
  makes: QuickSearchMake[];
  priceCaps: { value: string; max: number }[];
}

/** The quick search's fields. Field names are the search page's own query keys (menu[make], ...). */
export function QuickSearchForm({ action, makes, priceCaps }: QuickSearchFormProps) {
  const [make, setMake] = useState('');
  const shownMakes = make ? makes.filter((m) => m.name === make) : makes;
  return (
    <form className={styles.form} action={action} method="get" role="search" aria-label="Quick search">
      <div className={styles.field}>
        <label htmlFor="quick-make">Make</label>
        <select id="quick-make" name="menu[make]" value={make} onChange={(event) => setMake(event.target.value)}>
          <option value="">Any make</option>
          {makes.map((m) => (
            <option key={m.name} value={m.name}>
              {m.name} ({m.count})
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="quick-model">Model</label>
        {/* key: a new make starts the model list afresh at 'Any model'. */}
        <select id="quick-model" name="menu[make_model]" defaultValue="" key={make}>
          <option value="">Any model</option>
          {shownMakes.map((m) => (
            <optgroup key={m.name} label={m.name}>
              {m.models.map((model) => (
                <option key={model.value} value={model.value}>
                  {model.name} ({model.count})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="quick-price">Max price</label>
        <select id="quick-price" name="range[price]" defaultValue="">
          <option value="">Any price</option>
          {priceCaps.map((cap) => (
            <option key={cap.value} value={cap.value}>
              Under {formatDollars(cap.max)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={`button button-primary ${styles.submit}`}>
        Search cars
      </button>
    </form>
  );
}
