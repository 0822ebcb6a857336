import { liveOffers, visibleBanners } from '@platform/domain';
import type { SiteView } from '@/lib/api';
import { OfferTiles } from './offers';
import { Banners, FeatureBanner, PromotionsSlider, WhyBuyFromUs } from './promotions';

/** The home page shows every car type the site sells, so the display filters are read against all of them. */
function homeRules(site: SiteView, now: Date) {
  return { now, pageCarTypes: site.config.search.car_types };
}

/** The promotions slider at the top of the home page, its slides filtered by their display rules. */
export function HomePromotions({ site, now = new Date() }: { site: SiteView; now?: Date }) {
  return <PromotionsSlider slides={visibleBanners(site.config.marketing.promotions_slider, homeRules(site, now))} />;
}

/** The home page's marketing blocks from configuration: banners, feature banner, offers, why buy from us. */
export function HomeMarketing({ site, now = new Date() }: { site: SiteView; now?: Date }) {
  const { marketing } = site.config;
  const offers = liveOffers(marketing.offers, now);
  return (
    <>
      <Banners banners={visibleBanners(marketing.banners, homeRules(site, now))} />
      <FeatureBanner items={marketing.feature_banner} />
      <OfferTiles offers={offers} heading="Latest Offers" />
      <WhyBuyFromUs block={marketing.why_buy} />
    </>
  );
}
