import Link from 'next/link';
import { homeLocationSections, salesThisMonth } from '@platform/domain';
import { DealershipList } from '@/components/home/dealership-list';
import { QuickSearch } from '@/components/home/quick-search';
import { LocationsBlock } from '@/components/locations/locations-block';
import { CampaignRibbon } from '@/components/marketing/campaign';
import { HomeMarketing, HomePromotions } from '@/components/marketing/home-marketing';
import { SalesCounter } from '@/components/marketing/sales-counter';
import { RecentlyViewed } from '@/components/vehicle/recently-viewed';
import { getSite } from '@/lib/api';
import { ROUTES } from '@/lib/routes';
import styles from './home.module.css';

/** Home page of a site: its name and tagline, a way into the stock, and where to find the dealers. */
export default async function SiteHomePage({ params }: { params: Promise<{ site: string }> }) {
  const { site: slug } = await params;
  const site = await getSite(slug);
  const locationSections = homeLocationSections(site.config.locations_block.home_placement);

  return (
    <>
      <CampaignRibbon site={site} />
      <HomePromotions site={site} />
      <section className={styles.hero} aria-labelledby="site-title">
        <div className="container">
          <h1 id="site-title" className={styles.title}>
            {site.name}
          </h1>
          {site.tagline && <p className={styles.tagline}>{site.tagline}</p>}
          <QuickSearch siteSlug={site.slug} />
          <p className={styles.actions}>
            <Link href={ROUTES.searchAll} className="button button-primary" prefetch={false}>
              Browse our stock
            </Link>
          </p>
          {site.config.features.sales_counter_enabled && <SalesCounter initial={salesThisMonth(new Date())} />}
        </div>
      </section>
      <HomeMarketing site={site} />
      <div className="container">
        <RecentlyViewed
          siteSlug={site.slug}
          noPriceText={site.config.wording.no_price_text}
          subscriptionEnabled={site.config.features.subscription_enabled}
        />
      </div>
      {locationSections.dealershipList && (
        <DealershipList dealerships={site.dealerships} otherLocations={site.otherLocations} />
      )}
      {locationSections.block && <LocationsBlock site={site} />}
    </>
  );
}
