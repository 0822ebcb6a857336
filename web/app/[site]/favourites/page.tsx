import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FavouritesList } from '@/components/saved-lists/favourites-list';
import styles from '@/components/saved-lists/saved-lists.module.css';
import { getSite } from '@/lib/api';
import { ROUTES } from '@/lib/routes';

// The list lives in the shopper's browser: the page is the same for everyone, and worth no index entry.
export const metadata: Metadata = { title: 'Favourites', robots: { index: false, follow: true } };

/** /favourites: the cars a shopper marked with the heart, where the site keeps favourites (features.favourites_enabled). */
export default async function FavouritesPage({ params }: { params: Promise<{ site: string }> }) {
  const { site: siteSlug } = await params;
  const { config } = await getSite(siteSlug);
  if (!config.features.favourites_enabled) notFound();
  return (
    <section className={`container ${styles.page}`} aria-labelledby="favourites-title">
      <h1 id="favourites-title">Favourites</h1>
      <p className={styles.lead}>Kept in this browser; nothing is sent to us.</p>
      <FavouritesList
        siteSlug={siteSlug}
        noPriceText={config.wording.no_price_text}
        subscriptionEnabled={config.features.subscription_enabled}
        searchHref={ROUTES.searchAll}
      />
    </section>
  );
}
