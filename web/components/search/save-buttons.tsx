'use client';

import {
  addToList,
  COMPARE,
  COMPARE_LIMIT,
  FAVOURITES,
  isInList,
  type FavouriteEntry,
} from '@/lib/storage/saved-lists';
import { readSavedList, useSavedList, writeSavedList } from '@/lib/storage/use-saved-list';
import { SAVED_LIST_PAGES } from '@/lib/storage/saved-list-pages';
import { toasts } from '@/lib/toast/toast-state';
import styles from './result-card.module.css';

type Kind = 'favourite' | 'compare';

/**
 * Favourite and compare buttons, on a search card (icons over the photo) or on the vehicle page
 * (labelled, beside share and save): toggles kept in local storage with the favourite entry of
 * spec 000 ('Other'). Adding says so in a toast with a link to the list's page (Favourites,
 * Compare), where the shopper reads and empties the list. Until the browser's lists are read the
 * buttons show as not saved.
 */
export function SaveButtons({
  entry,
  favourites,
  compare,
  variant = 'icon',
  buttonClassName,
}: {
  entry: FavouriteEntry;
  favourites: boolean;
  compare: boolean;
  /** 'labelled' on the vehicle page, styled by the page's own button class. */
  variant?: 'icon' | 'labelled';
  buttonClassName?: string;
}) {
  const buttons = (
    <>
      {favourites && <ToggleButton entry={entry} kind="favourite" variant={variant} className={buttonClassName} />}
      {compare && <ToggleButton entry={entry} kind="compare" variant={variant} className={buttonClassName} />}
    </>
  );
  return variant === 'icon' ? <div className={styles.saveButtons}>{buttons}</div> : buttons;
}

// One word each, so the vehicle page's two-column tools fit a phone; the state is aria-pressed and the icon.
const LABELS: Readonly<Record<Kind, string>> = { favourite: 'Favourite', compare: 'Compare' };

function ToggleButton({
  entry,
  kind,
  variant,
  className,
}: {
  entry: FavouriteEntry;
  kind: Kind;
  variant: 'icon' | 'labelled';
  className?: string;
}) {
  const list = kind === 'favourite' ? FAVOURITES : COMPARE;
  const { entries, remove } = useSavedList(list);
  const id = String(entry.id);
  const saved = isInList(list, entries, id);
  const label = LABELS[kind];
  const add = () => {
    const before = readSavedList(list);
    const after = addToList(list, before, entry);
    writeSavedList(list, after);
    announceAdded(kind, entry, after.length, before.length >= list.limit && !isInList(list, before, id));
  };
  const icon = kind === 'favourite' ? <HeartIcon filled={saved} /> : <CompareIcon />;
  return (
    <button
      type="button"
      className={
        variant === 'icon'
          ? `${styles.iconButton} ${saved ? styles.iconButtonOn : ''}`
          : `${className ?? ''} ${saved ? styles.labelledOn : ''}`
      }
      aria-pressed={saved}
      aria-label={`${label} ${entry.name}`}
      title={variant === 'icon' ? label : undefined}
      onClick={() => (saved ? remove(id) : add())}
    >
      {icon}
      {variant === 'labelled' && <span aria-hidden="true">{label}</span>}
    </button>
  );
}

/** The toast after adding: where the list is read, and for a full compare list, which car made way. */
function announceAdded(kind: Kind, entry: FavouriteEntry, count: number, dropped: boolean): void {
  if (kind === 'favourite') {
    toasts.show({
      title: `${entry.name} is in your favourites`,
      action: { label: 'View Favourites', href: SAVED_LIST_PAGES.favourites },
    });
    return;
  }
  toasts.show({
    title: `${entry.name} is in your compare list`,
    description: dropped
      ? `Compare holds ${COMPARE_LIMIT} cars: the one added first made way.`
      : count < 2
        ? 'Add another car to compare them side by side.'
        : undefined,
    action: { label: `Compare (${count})`, href: SAVED_LIST_PAGES.compare },
  });
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
