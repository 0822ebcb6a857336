import type { Metadata } from 'next';
import { personalPage } from '@/lib/edge/personal-page';
import Link from 'next/link';
import { SubmittedSummary } from '@/components/leads/submitted-summary';
import { ROUTES } from '@/lib/routes';
import styles from './success.module.css';

export const metadata: Metadata = personalPage({ title: 'Thank you' });

/**
 * /success: shown after a form is sent (spec 000 routes; spec 001 §3). The specifications give no
 * wording for it; the page thanks the shopper and says what happens next. What was sent (the
 * success-category marker and the vehicle) is read in the browser, where the form stored it.
 */
export default async function SuccessPage({ params }: { params: Promise<{ site: string }> }) {
  const { site } = await params;
  return (
    <section className={`container ${styles.page}`} aria-labelledby="success-title">
      <h1 id="success-title">Thank you</h1>
      <SubmittedSummary siteSlug={site} />
      <p>A member of our team will be in touch with you shortly.</p>
      <p className={styles.actions}>
        <Link href={ROUTES.searchAll} className="button button-primary" prefetch={false}>
          Browse our stock
        </Link>
        <Link href={ROUTES.home} prefetch={false}>
          Back to home
        </Link>
      </p>
    </section>
  );
}
