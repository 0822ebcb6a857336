'use client';

import { useRouter } from 'next/navigation';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import { addToList, SEARCH_HISTORY, type SearchHistoryEntry } from '@/lib/storage/saved-lists';
import { readSavedList, writeSavedList } from '@/lib/storage/use-saved-list';

/**
 * The search page's client state: navigation by URL (so back and forward restore a search), whether
 * a new result is on its way, and whether the mobile filter sheet is open. The page component stays
 * mounted across searches of the same route, so this state survives each navigation.
 */
interface SearchNavigation {
  /** Goes to a search address; the current results stay on screen until the new ones arrive. */
  navigate: (href: string) => void;
  pending: boolean;
  sheetOpen: boolean;
  setSheetOpen: (open: boolean) => void;
  /** The shopper's searches before this one, newest first (empty until the browser has read them). */
  history: SearchHistoryEntry[];
}

const SearchNavigationContext = createContext<SearchNavigation | null>(null);

export function useSearchNavigation(): SearchNavigation {
  const context = useContext(SearchNavigationContext);
  if (!context) throw new Error('useSearchNavigation is used outside SearchNavigationProvider');
  return context;
}

export function SearchNavigationProvider({
  href,
  label,
  children,
}: {
  href: string;
  label: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [history, setHistory] = useState<SearchHistoryEntry[]>([]);

  const navigate = useCallback(
    (next: string) => {
      startTransition(() => router.push(next, { scroll: false }));
    },
    [router],
  );

  // Search history keeps the last 5 searches (spec 001 §9); the ones before this search are offered.
  useEffect(() => {
    const before = readSavedList(SEARCH_HISTORY);
    setHistory(before.filter((entry) => entry.href !== href));
    writeSavedList(SEARCH_HISTORY, addToList(SEARCH_HISTORY, before, { href, label }));
  }, [href, label]);

  const value = useMemo(
    () => ({ navigate, pending, sheetOpen, setSheetOpen, history }),
    [navigate, pending, sheetOpen, history],
  );
  return <SearchNavigationContext.Provider value={value}>{children}</SearchNavigationContext.Provider>;
}

/**
 * Keeps the last good value on screen: while a new result loads, or when the new one failed
 * (value null), the previous good one stays (spec 000 §4).
 */
export function useLastGood<T>(value: T | null): T | null {
  const [lastGood, setLastGood] = useState<T | null>(value);
  if (value !== null && value !== lastGood) setLastGood(value);
  return value ?? lastGood;
}

/**
 * The results area. Marked busy while a search loads; when the server could not search (ok
 * false), it keeps showing the last results it had, with a note.
 */
export function ResultsRegion({
  ok,
  children,
  className,
  busyClassName,
}: {
  ok: boolean;
  children: ReactNode;
  className?: string;
  busyClassName?: string;
}) {
  const { pending } = useSearchNavigation();
  const shown = useLastGood<ReactNode>(ok ? children : null);
  return (
    <div className={`${className ?? ''} ${pending ? (busyClassName ?? '') : ''}`} aria-busy={pending}>
      {!ok && (
        <p role="alert">
          {shown
            ? 'The search could not be updated just now; these are the last results.'
            : 'The search is not available just now. Please try again shortly.'}
        </p>
      )}
      {shown}
    </div>
  );
}
