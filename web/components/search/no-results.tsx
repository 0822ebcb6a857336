import Link from 'next/link';
import styles from './search.module.css';

/** Spec 000 screen 3. */
export const NO_RESULTS_TITLE = 'No Results Available';
export const NO_RESULTS_TEXT =
  'No results found for your search at this time. Please try adjusting the filters for more results.';
export const CLEAR_FILTERS_LABEL = 'Clear Filters';

export function NoResultsCard({ refreshPath }: { refreshPath: string }) {
  return (
    <section className={styles.noResults} aria-labelledby="no-results-title">
      <h3 id="no-results-title">{NO_RESULTS_TITLE}</h3>
      <p>{NO_RESULTS_TEXT}</p>
      <Link href={refreshPath} prefetch={false} className="button button-primary">
        {CLEAR_FILTERS_LABEL}
      </Link>
    </section>
  );
}
