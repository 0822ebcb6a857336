'use client';

import { useId, useState } from 'react';
import { useAnimatedToggle } from '@/lib/motion/use-animated-toggle';
import { filterMakes, makeDirectory, modelsOfMake } from '@/lib/search/make-directory';
import { setMenu, type SearchState } from '@/lib/search/url-codec';
import styles from './filters.module.css';

export interface MakeFilterProps {
  state: SearchState;
  makeCounts: Record<string, number>;
  makeModelCounts: Record<string, number> | undefined;
  popularMakes: string[];
  popularCount: number;
  modelLimit: number;
  /** Make name to logo address, for the makes the site has a logo for. */
  makeLogos: Record<string, string>;
  onChange: (next: SearchState) => void;
}

/**
 * Make tiles with logos (spec 000 screen 2): 'Popular Makes', 'Show all makes' / 'Hide extra makes'
 * for the rest under 'All Makes', a text search over every make, and for the chosen make 'Select
 * models' / 'Hide' with its models.
 */
export function MakeFilter({
  state,
  makeCounts,
  makeModelCounts,
  popularMakes,
  popularCount,
  modelLimit,
  makeLogos,
  onChange,
}: MakeFilterProps) {
  const id = useId();
  const { ref: allMakesRef, open: expanded, toggle: toggleAllMakes } = useAnimatedToggle<HTMLDivElement>();
  const {
    ref: modelsRef,
    open: modelsOpen,
    toggle: toggleModels,
    setOpen: setModelsOpen,
  } = useAnimatedToggle<HTMLDivElement>();
  const [text, setText] = useState('');
  const chosen = state.menu.make ?? null;
  const counts = chosen && !(chosen in makeCounts) ? { ...makeCounts, [chosen]: 0 } : makeCounts;
  const directory = makeDirectory(counts, { popularMakes, popularCount });
  const rest = directory.all.filter((make) => !directory.popular.includes(make));
  const searching = text.trim() !== '';
  const models = chosen ? modelsOfMake(makeModelCounts, chosen, modelLimit) : [];

  if (directory.all.length === 0) return null;

  const tiles = (makes: string[], labelledBy: string) => (
    <ul className={styles.tiles} aria-labelledby={labelledBy}>
      {makes.map((make) => {
        const selected = make === chosen;
        return (
          <li key={make}>
            <button
              type="button"
              className={`${styles.tile} ${selected ? styles.tileOn : ''}`}
              aria-pressed={selected}
              data-make={make}
              onClick={() => {
                setModelsOpen(false);
                onChange(setMenu(state, 'make', selected ? null : make));
              }}
            >
              {makeLogos[make] ? (
                <img src={makeLogos[make]} alt="" width={40} height={40} loading="lazy" className={styles.logo} />
              ) : (
                <span className={`${styles.logo} ${styles.logoLetter}`} aria-hidden="true">
                  {make.charAt(0)}
                </span>
              )}
              <span className={styles.tileName}>{make}</span>
              <span className={styles.count}>({counts[make] ?? 0})</span>
            </button>
          </li>
        );
      })}
    </ul>
  );

  return (
    <section className={styles.group} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.groupHeading}>
        Make
      </h3>
      <label htmlFor={`${id}-search`} className="visually-hidden">
        Search makes
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className={styles.textInput}
        data-testid="search-directory-input"
        placeholder="Search makes"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {searching ? (
        <>
          <h4 id={`${id}-all-heading`} className={styles.subHeading}>
            All Makes
          </h4>
          {tiles(filterMakes(directory.all, text), `${id}-all-heading`)}
        </>
      ) : (
        <>
          <h4 id={`${id}-popular-heading`} className={styles.subHeading}>
            Popular Makes
          </h4>
          {tiles(directory.popular, `${id}-popular-heading`)}
          {directory.hasMore && (
            <>
              <div ref={allMakesRef}>
                <div id={`${id}-all`} hidden={!expanded}>
                  <h4 id={`${id}-all-heading`} className={styles.subHeading}>
                    All Makes
                  </h4>
                  {expanded && tiles(rest, `${id}-all-heading`)}
                </div>
              </div>
              <button
                type="button"
                className={styles.linkButton}
                aria-expanded={expanded}
                aria-controls={`${id}-all`}
                onClick={toggleAllMakes}
              >
                {expanded ? 'Hide extra makes' : 'Show all makes'}
              </button>
            </>
          )}
        </>
      )}
      {chosen && models.length > 0 && (
        <div className={styles.models}>
          <button
            type="button"
            className={styles.linkButton}
            aria-expanded={modelsOpen}
            aria-controls={`${id}-models`}
            onClick={toggleModels}
          >
            {modelsOpen ? 'Hide' : 'Select models'}
          </button>
          <div ref={modelsRef}>
            <ul id={`${id}-models`} hidden={!modelsOpen} className={styles.modelList} aria-label={`${chosen} models`}>
              {modelsOpen &&
                models.map((model) => {
                  const selected = state.menu.make_model === model.value;
                  return (
                    <li key={model.value}>
                      <button
                        type="button"
                        className={`${styles.modelButton} ${selected ? styles.tileOn : ''}`}
                        aria-pressed={selected}
                        onClick={() => onChange(setMenu(state, 'make_model', selected ? null : model.value))}
                      >
                        {model.model} <span className={styles.count}>({model.count})</span>
                      </button>
                    </li>
                  );
                })}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
