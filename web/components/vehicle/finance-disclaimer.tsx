import { getFinanceDisclaimer } from '@/lib/api/cars';
import { ExpandableText } from './expandable';
import styles from './vehicle.module.css';

/** A spinner until the disclaimer arrives (spec 000 §8 'Missing finance disclaimer'). */
export function FinanceDisclaimerLoading() {
  return (
    <section id="financeDisclaimer" className={styles.disclaimer} aria-busy="true">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">Loading the finance disclaimer</span>
    </section>
  );
}

/** The lender's disclaimer at #financeDisclaimer, 197 characters with Show More / Show Less (spec 001 §4). */
export async function FinanceDisclaimer({ siteSlug, carId }: { siteSlug: string; carId: number }) {
  const answer = await getFinanceDisclaimer(siteSlug, carId).catch(() => null);
  if (!answer) return null;
  return (
    <section id="financeDisclaimer" className={styles.disclaimer} aria-label="Finance disclaimer">
      {answer.short === answer.disclaimer ? (
        <p className={styles.prose}>{answer.disclaimer}</p>
      ) : (
        <ExpandableText preview={answer.short} full={answer.disclaimer} />
      )}
    </section>
  );
}
