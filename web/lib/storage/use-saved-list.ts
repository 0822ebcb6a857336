import { useCallback, useSyncExternalStore } from 'react';
import { addToList, parseSavedList, removeFromList, type SavedList } from './saved-lists';

/** Fired on window when this tab changes a saved list ('storage' events only reach other tabs). */
const CHANGE_EVENT = 'saved-list-change';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy modes); the lists are then empty and changes are dropped.
    return null;
  }
}

const snapshots = new Map<string, { raw: string | null; value: unknown[] }>();
const EMPTY: never[] = [];

/** The list as stored now, with a stable identity while the stored text is unchanged (useSyncExternalStore needs that). */
export function readSavedList<T>(list: SavedList<T>): T[] {
  const raw = storage()?.getItem(list.key) ?? null;
  const cached = snapshots.get(list.key);
  if (cached && cached.raw === raw) return cached.value as T[];
  const value = parseSavedList(list, raw);
  snapshots.set(list.key, { raw, value });
  return value;
}

export function writeSavedList<T>(list: SavedList<T>, entries: T[]): void {
  try {
    storage()?.setItem(list.key, JSON.stringify(entries));
  } catch {
    return; // full or disabled: keep what is there
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: list.key }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** A saved list and its changes; empty during server rendering and hydration, then the stored value. */
export function useSavedList<T>(list: SavedList<T>): {
  entries: T[];
  add: (entry: T) => void;
  remove: (id: string) => void;
} {
  const entries = useSyncExternalStore(
    subscribe,
    () => readSavedList(list),
    () => EMPTY as T[],
  );
  const add = useCallback((entry: T) => writeSavedList(list, addToList(list, readSavedList(list), entry)), [list]);
  const remove = useCallback(
    (id: string) => writeSavedList(list, removeFromList(list, readSavedList(list), id)),
    [list],
  );
  return { entries, add, remove };
}
