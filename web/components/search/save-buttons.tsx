'use client';

import { COMPARE, FAVOURITES, isInList, type FavouriteEntry } from '@/lib/storage/saved-lists';
import { useSavedList } from '@/lib/storage/use-saved-list';
import styles from './result-card.module.css';

/**
 * A card's favourite and compare buttons: toggles kept in local storage with the favourite entry
 * of spec 000 ('Other'). Until the browser's lists are read they show as not saved.
 */
export function SaveButtons({
  entry,
  favourites,
  compare,
}: {
  entry: FavouriteEntry;
  favourites: boolean;
  compare: boolean;
}) {
  return (
    <div className={styles.saveButtons}>
      {favourites && <ToggleButton entry={entry} kind="favourite" />}
      {compare && <ToggleButton entry={entry} kind="compare" />}
    </div>
  );
}

function ToggleButton({ entry, kind }: { entry: FavouriteEntry; kind: 'favourite' | 'compare' }) {
  const list = kind === 'favourite' ? FAVOURITES : COMPARE;
  const { entries, add, remove } = useSavedList(list);
  const id = String(entry.id);
  const saved = isInList(list, entries, id);
  const label = kind === 'favourite' ? `Favourite ${entry.name}` : `Compare ${entry.name}`;
  return (
    <button
      type="button"
      className={`${styles.iconButton} ${saved ? styles.iconButtonOn : ''}`}
      aria-pressed={saved}
      aria-label={label}
      title={kind === 'favourite' ? 'Favourite' : 'Compare'}
      onClick={() => (saved ? remove(id) : add(entry))}
    >
      {kind === 'favourite' ? <HeartIcon filled={saved} /> : <CompareIcon />}
    </button>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

function CompareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M7 4v16M17 4v16M3 8h8M13 16h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
