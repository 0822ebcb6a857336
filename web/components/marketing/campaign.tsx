import { campaignChangesAt, campaignLive, siteTimeZone } from '@platform/domain';
import type { SiteView } from '@/lib/api';
import { PageGoodUntil } from './page-good-until';
import styles from './campaign.module.css';

/** '2025-09-30' -> '30 September': a calendar date, so read without any zone shift. */
function dayOf(isoDate: string): string {
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * The site's promo campaign (`marketing.campaign`, spec 001 §9) while it runs: from midnight of its
 * start date to the end of its end date in the site's time zone. The page says when it next changes,
 * so a cached copy is not shown past the campaign's end (or without it past its start).
 */
export function CampaignRibbon({ site, now = new Date() }: { site: SiteView; now?: Date }) {
  const campaign = site.config.marketing.campaign;
  if (!campaign) return null;
  const zone = siteTimeZone(site.source.dealerships, site.source.locations);
  const changesAt = campaignChangesAt(campaign, zone, now);
  if (!campaignLive(campaign, zone, now)) return <PageGoodUntil at={changesAt} />;
  return (
    <section className={styles.ribbon} aria-label="Campaign" data-testid="campaign">
      <p className={`container ${styles.text}`}>
        <strong>{campaign.name}</strong> <span>on now until {dayOf(campaign.end)}</span>
      </p>
      <PageGoodUntil at={changesAt} />
    </section>
  );
}
