import Link from 'next/link';
import styles from '@/components/dealer-console/console.module.css';

/** The console's 404: inside its frame, with the way back to the work (the shop's would lose the console). */
export default function ConsoleNotFound() {
  return (
    <section className={styles.section} aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>There is no console page at this address. It may have moved, or the link may be incomplete.</p>
      <p>
        <Link href="/dealer">Back to Leads</Link>
      </p>
    </section>
  );
}
