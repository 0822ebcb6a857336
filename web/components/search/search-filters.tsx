'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { formatDollars, type CarType, type FacetStats, type TermFacet } from '@platform/domain';
import { facetValueLabel, formatKm } from '@/lib/search/labels';
import { searchHref, selectedCarTypes } from '@/lib/search/search-paths';
import { changeSearch, setRange, toggleRefinement, type SearchState, type SliderFacet } from '@/lib/search/url-codec';
import { MakeFilter } from './make-filter';
import { RangeFilter } from './range-filter';
import { useLastGood, useSearchNavigation } from './search-navigation';
import styles from './filters.module.css';

export interface FacetData {
  facets: Record<string, Record<string, number>>;
  facetStats: Record<string, FacetStats>;
}

export interface FilterOptions {
  carTypes: CarType[];
  usedLabel: 'Used' | 'Pre-Owned';
  popularMakes: string[];
  popularCount: number;
  modelLimit: number;
  filterFacets: { facet: TermFacet; label: string }[];
  /** Labels of values that are identifiers (a dealership's name for its slug); others use facetValueLabel. */
  valueNames?: Partial<Record<TermFacet, Record<string, string>>>;
  makeLogos: Record<string, string>;
}

const SLIDERS: { facet: SliderFacet; label: string; format: (value: number) => string }[] = [
  { facet: 'price', label: 'Price', format: formatDollars },
  { facet: 'km', label: 'Kilometres', format: formatKm },
  { facet: 'year', label: 'Year', format: String },
];

export const FILTERS_ID = 'search-filters';
export const FILTERS_TOGGLE_ID = 'search-filters-toggle';

/**
 * The filter sidebar; on small screens a sheet opened from the toolbar whose changes wait for the
 * apply button. On a wide screen every change navigates at once. `data` is null when the last
 * search failed: the previous counts stay.
 */
export function SearchFilters({
  state,
  data,
  options,
}: {
  state: SearchState;
  data: FacetData | null;
  options: FilterOptions;
}) {
  const headingId = useId();
  const { navigate, sheetOpen, setSheetOpen } = useSearchNavigation();
  const shown = useLastGood(data);
  const [draft, setDraft] = useState<SearchState | null>(null);
  // A change shows at once (a ticked box stays ticked) while its results load; the next URL's state replaces it.
  const stateHref = searchHref(state);
  const [optimistic, setOptimistic] = useState<{ from: string; next: SearchState } | null>(null);
  const loading = optimistic?.from === stateHref ? optimistic.next : null;
  const current = (sheetOpen ? draft : null) ?? loading ?? state;
  const closeRef = useRef<HTMLButtonElement>(null);

  const change = (next: SearchState) => {
    if (sheetOpen) {
      setDraft(next);
      return;
    }
    setOptimistic({ from: stateHref, next });
    navigate(searchHref(next));
  };

  function close(apply: boolean) {
    if (apply && draft) {
      setOptimistic({ from: stateHref, next: draft });
      navigate(searchHref(draft));
    }
    setDraft(null);
    setSheetOpen(false);
    document.getElementById(FILTERS_TOGGLE_ID)?.focus();
  }

  useEffect(() => {
    if (!sheetOpen) return;
    closeRef.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [sheetOpen]);

  const facets = shown?.facets ?? {};
  const carTypeCounts = facets['car_type'] ?? {};
  const chosenTypes = selectedCarTypes(current);

  return (
    <aside
      id={FILTERS_ID}
      className={`${styles.filters} ${sheetOpen ? styles.sheet : ''}`}
      aria-labelledby={headingId}
      role={sheetOpen ? 'dialog' : undefined}
      aria-modal={sheetOpen ? true : undefined}
      onKeyDown={(event) => {
        if (sheetOpen && event.key === 'Escape') close(false);
      }}
    >
      <div className={styles.sheetHeader}>
        <h2 id={headingId} className={styles.heading}>
          Filters
        </h2>
        {sheetOpen && (
          <button ref={closeRef} type="button" className={styles.linkButton} onClick={() => close(false)}>
            Close
          </button>
        )}
      </div>

      <div className={styles.sheetBody}>
        {options.carTypes.length > 1 && (
          <fieldset className={styles.group}>
            <legend className={styles.groupHeading}>Vehicle Type</legend>
            <ul className={styles.checkList}>
              {options.carTypes.map((type) => (
                <li key={type}>
                  <label>
                    <input
                      type="checkbox"
                      checked={chosenTypes.includes(type)}
                      onChange={() => {
                        const types = chosenTypes.includes(type)
                          ? chosenTypes.filter((t) => t !== type)
                          : [...chosenTypes, type];
                        const menu = { ...current.menu };
                        delete menu.car_type;
                        const refinementList: SearchState['refinementList'] = {
                          ...current.refinementList,
                          car_type: types,
                        };
                        if (types.length === 0) delete refinementList.car_type;
                        change(changeSearch(current, { menu, refinementList }));
                      }}
                    />{' '}
                    {facetValueLabel('car_type', type, options.usedLabel)}{' '}
                    <span className={styles.count}>({carTypeCounts[type] ?? 0})</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}

        <MakeFilter
          state={current}
          makeCounts={facets['make'] ?? {}}
          makeModelCounts={facets['make_model']}
          popularMakes={options.popularMakes}
          popularCount={options.popularCount}
          modelLimit={options.modelLimit}
          makeLogos={options.makeLogos}
          onChange={change}
        />

        {/* Price has the specification's default range when no car gives one (spec 000 §9); years
            and kilometres have none, and a '0 – 100000' year slider means nothing. */}
        {SLIDERS.filter((slider) => slider.facet === 'price' || shown?.facetStats[slider.facet]).map((slider) => (
          <RangeFilter
            key={slider.facet}
            facet={slider.facet}
            label={slider.label}
            format={slider.format}
            stats={shown?.facetStats[slider.facet]}
            urlValue={current.range[slider.facet]}
            onChange={(value) => change(setRange(current, slider.facet, value))}
          />
        ))}

        {options.filterFacets.map(({ facet, label }) => {
          const counts = facets[facet] ?? {};
          const chosen = current.refinementList[facet] ?? [];
          const valueLabel = (value: string) =>
            options.valueNames?.[facet]?.[value] ?? facetValueLabel(facet, value, options.usedLabel);
          const values = [...new Set([...Object.keys(counts), ...chosen])].sort((a, b) =>
            valueLabel(a).localeCompare(valueLabel(b), 'en-AU', { numeric: true }),
          );
          if (values.length === 0) return null;
          return (
            <fieldset key={facet} className={styles.group}>
              <legend className={styles.groupHeading}>{label}</legend>
              <ul className={styles.checkList}>
                {values.map((value) => (
                  <li key={value}>
                    <label>
                      <input
                        type="checkbox"
                        checked={chosen.includes(value)}
                        onChange={() => change(toggleRefinement(current, facet, value))}
                      />{' '}
                      {valueLabel(value)} <span className={styles.count}>({counts[value] ?? 0})</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>

      {sheetOpen && (
        <div className={styles.sheetFooter}>
          <button type="button" className="button button-primary" onClick={() => close(true)}>
            Apply Filters
          </button>
        </div>
      )}
    </aside>
  );
}
