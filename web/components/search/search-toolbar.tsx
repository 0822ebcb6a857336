'use client';

import { useId, useState } from 'react';
import type { SortValue } from '@platform/domain';
import { searchHref } from '@/lib/search/search-paths';
import { sentenceFormTarget, sentenceHref } from '@/lib/search/sentence';
import { changeSearch, type SearchState } from '@/lib/search/url-codec';
import { FILTERS_ID, FILTERS_TOGGLE_ID } from './search-filters';
import { useSearchNavigation } from './search-navigation';
import { SentenceBox } from './sentence-box';
import styles from './filters.module.css';

export interface SearchToolbarProps {
  siteSlug: string;
  state: SearchState;
  sortOptions: { value: SortValue; label: string }[];
  /** The sort in effect (the state's, or the site's first option). */
  sort: SortValue;
}

/** The search box (a sentence, read as filters), the sort select and, on small screens, the button that opens the filters. */
export function SearchToolbar({ siteSlug, state, sortOptions, sort }: SearchToolbarProps) {
  const id = useId();
  const { navigate, sheetOpen, setSheetOpen } = useSearchNavigation();
  const href = searchHref(state);
  const target = sentenceFormTarget(state);

  const defaultSort = sortOptions[0]?.value;
  // The chosen sort shows at once while its results load.
  const [chosenSort, setChosenSort] = useState<{ from: SortValue; value: SortValue } | null>(null);
  const shownSort = chosenSort?.from === sort ? chosenSort.value : sort;
  return (
    <div className={styles.toolbar}>
      <SentenceBox
        siteSlug={siteSlug}
        query={state.query}
        href={href}
        action={target.action}
        fields={target.fields}
        onSearch={(sentence) => navigate(sentenceHref(state, sentence))}
        onType={(text) => {
          const query = text.trim();
          if (query !== state.query) navigate(searchHref(changeSearch(state, { query })));
        }}
      />
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
