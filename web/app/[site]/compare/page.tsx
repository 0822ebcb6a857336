import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CompareTable } from '@/components/saved-lists/compare-table';
import styles from '@/components/saved-lists/saved-lists.module.css';
import { getSite } from '@/lib/api';
import { ROUTES } from '@/lib/routes';

// The list lives in the shopper's browser: the page is the same for everyone, and worth no index entry.
export const metadata: Metadata = { title: 'Compare Cars', robots: { index: false, follow: true } };

/** /compare: the shopper's compare list side by side, where the site has one (features.compare_enabled). */
export default async function ComparePage({ params }: { params: Promise<{ site: string }> }) {
  const { site: siteSlug } = await params;
  const { config } = await getSite(siteSlug);
  if (!config.features.compare_enabled) notFound();
  return (
    <section className={`container ${styles.page}`} aria-labelledby="compare-title">
      <h1 id="compare-title">Compare Cars</h1>
      <p className={styles.lead}>Kept in this browser; nothing is sent to us.</p>
      <CompareTable
        siteSlug={siteSlug}
        noPriceText={config.wording.no_price_text}
        subscriptionEnabled={config.features.subscription_enabled}
        searchHref={ROUTES.searchAll}
      />
    </section>
  );
}
