'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { SortValue } from '@platform/domain';
import { TEXT_SEARCH_DEBOUNCE_MS } from '@platform/domain';
import { searchHref } from '@/lib/search/search-paths';
import { changeSearch, type SearchState } from '@/lib/search/url-codec';
import { FILTERS_ID, FILTERS_TOGGLE_ID } from './search-filters';
import { useSearchNavigation } from './search-navigation';
import styles from './filters.module.css';

export interface SearchToolbarProps {
  state: SearchState;
  sortOptions: { value: SortValue; label: string }[];
  /** The sort in effect (the state's, or the site's first option). */
  sort: SortValue;
}

/** Text search (300 ms pause), the sort select and, on small screens, the button that opens the filters. */
export function SearchToolbar({ state, sortOptions, sort }: SearchToolbarProps) {
  const id = useId();
  const { navigate, sheetOpen, setSheetOpen } = useSearchNavigation();
  const [text, setText] = useState(state.query);
  const sent = useRef(state.query);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A query that changes from outside (back, forward, a link) replaces the box's text; our own echo does not.
  const [seen, setSeen] = useState(state.query);
  if (seen !== state.query) {
    setSeen(state.query);
    if (state.query !== sent.current) setText(state.query);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function submit(value: string) {
    clearTimeout(timer.current);
    const query = value.trim();
    if (query === state.query) return;
    sent.current = query;
    navigate(searchHref(changeSearch(state, { query })));
  }

  const defaultSort = sortOptions[0]?.value;
  // The chosen sort shows at once while its results load.
  const [chosenSort, setChosenSort] = useState<{ from: SortValue; value: SortValue } | null>(null);
  const shownSort = chosenSort?.from === sort ? chosenSort.value : sort;
  return (
    <div className={styles.toolbar}>
      <form
        role="search"
        className={styles.textSearch}
        onSubmit={(event) => {
          event.preventDefault();
          submit(text);
        }}
      >
        <label htmlFor={`${id}-query`} className="visually-hidden">
          Search stock
        </label>
        <input
          id={`${id}-query`}
          type="search"
          name="query"
          className={styles.textInput}
          placeholder="Search by make, model or keyword"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => submit(value), TEXT_SEARCH_DEBOUNCE_MS);
          }}
        />
      </form>
      <div className={styles.sort}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          value={shownSort}
          onChange={(event) => {
            const value = event.currentTarget.value as SortValue;
            setChosenSort({ from: sort, value });
            navigate(searchHref(changeSearch(state, { sortBy: value === defaultSort ? null : value })));
          }}
        >
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button
        id={FILTERS_TOGGLE_ID}
        type="button"
        className={`button ${styles.filtersToggle}`}
        aria-expanded={sheetOpen}
        aria-controls={FILTERS_ID}
        onClick={() => setSheetOpen(true)}
      >
        Filters
      </button>
    </div>
  );
}
