import Link from 'next/link';
import { ROUTES } from '@/lib/routes';
import styles from './home.module.css';

export default function SiteNotFound() {
  return (
    <section className={`container ${styles.notFound}`} aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>Sorry, we couldn&apos;t find that page. It may have moved, or the vehicle may have been sold.</p>
      <p className={styles.actions}>
        <Link href={ROUTES.home} className="button button-primary" prefetch={false}>
          Go to the home page
        </Link>
        <Link href={ROUTES.searchAll} className={styles.secondaryLink} prefetch={false}>
          Search our stock
        </Link>
      </p>
    </section>
  );
}
