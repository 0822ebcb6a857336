import Link from 'next/link';
import styles from './result-card.module.css';

/** The 'We Want Your Car' promo card placed among the results (spec 000 screen 2). */
export const PROMO_TITLE = 'We Want Your Car';

export function PromoCard({ href }: { href: string }) {
  return (
    <aside className={`${styles.card} ${styles.promo}`} aria-label={PROMO_TITLE}>
      <Link href={href} prefetch={false} className={styles.promoLink}>
        <span className={styles.promoTitle}>{PROMO_TITLE}</span>
      </Link>
    </aside>
  );
}
