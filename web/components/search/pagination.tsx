import Link from 'next/link';
import styles from './search.module.css';

/** Page numbers around the current one, with the first and last, and gaps as null. */
export function pageWindow(current: number, pages: number, radius = 2): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let p = current - radius; p <= current + radius; p += 1) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - (sorted[i - 1] as number) > 1 ? [null, p] : [p]));
}

/** Links to the other pages of a search; plain links, so they work without JavaScript and in history. */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      <ul>
        {page > 1 && (
          <li>
            <Link href={hrefFor(page - 1)} rel="prev" prefetch={false}>
              Previous
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={styles.currentPage}>
                  <span className="visually-hidden">Page </span>
                  {p}
                </span>
              ) : (
                <Link href={hrefFor(p)} prefetch={false} aria-label={`Page ${p}`}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link href={hrefFor(page + 1)} rel="next" prefetch={false}>
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
