'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import styles from './locations.module.css';

export const LOCATION_QUERY_PARAM = 'locationQuery';
const DEBOUNCE_MS = 300;

/**
 * 'Search locations...': typing writes locationQuery to the URL (replacing the history entry), and
 * the server renders the matching locations. Without JavaScript the form submits the same query.
 */
export function LocationSearch() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const current = params.get(LOCATION_QUERY_PARAM) ?? '';
  const [value, setValue] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function push(next: string) {
    const query = new URLSearchParams(params.toString());
    if (next.trim()) query.set(LOCATION_QUERY_PARAM, next);
    else query.delete(LOCATION_QUERY_PARAM);
    const search = query.toString();
    router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false });
  }

  return (
    <form
      role="search"
      className={styles.search}
      action={pathname}
      onSubmit={(event) => {
        event.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        push(value);
      }}
    >
      <label htmlFor="location-search" className="visually-hidden">
        Search locations
      </label>
      <input
        id="location-search"
        type="search"
        name={LOCATION_QUERY_PARAM}
        placeholder="Search locations..."
        className={styles.searchInput}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => push(next), DEBOUNCE_MS);
        }}
      />
    </form>
  );
}
