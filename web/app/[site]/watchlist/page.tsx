import type { Metadata } from 'next';
import { personalPage } from '@/lib/edge/personal-page';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { alertConsentWording, formatDollars, signInPath } from '@platform/domain';
import { RemovableItem } from '@/components/watchlist/removable-item';
import { SignOutButton } from '@/components/sign-in/sign-out-button';
import { ApiError, getSite } from '@/lib/api';
import { ConsentList } from '@/components/alerts/consent-list';
import { getShopper, sessionToken } from '@/lib/api/shopper';
import { getWatchlist } from '@/lib/api/watchlist';
import { getSavedSearches, markSavedSearchesSeen, type SavedSearchSummary } from '@/lib/api/saved-searches';
import { SavedSearchItem } from '@/components/alerts/saved-search-item';
import { FollowButton } from '@/components/alerts/follow-button';
import alertStyles from '@/components/alerts/alerts.module.css';
import { ROUTES } from '@/lib/routes';
import styles from './watchlist.module.css';

export const metadata: Metadata = personalPage({ title: 'My watchlist' });

const savedOn = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});

/** 'By SMS and email, as soon as a car arrives' */
function howAlerted(search: SavedSearchSummary): string {
  const by = search.channels.map((channel) => (channel === 'sms' ? 'SMS' : 'email')).join(' and ');
  return `By ${by}, ${search.frequency === 'digest' ? 'in a daily morning summary' : 'as soon as a car arrives'}.`;
}

/**
 * The watchlist (spec 000: 'Opened by a View List action; path not shown'): served at /watchlist.
 * Signed-out shoppers are sent to sign in and brought back here.
 */
export default async function WatchlistPage({ params }: { params: Promise<{ site: string }> }) {
  const { site: slug } = await params;
  const [shopper, token, site] = await Promise.all([getShopper(slug), sessionToken(), getSite(slug)]);
  const wording = (subject: 'saved_search' | 'car') => ({
    sms: alertConsentWording('sms', subject, site.name),
    email: alertConsentWording('email', subject, site.name),
  });
  if (!shopper.signed_in || !token || !shopper.phone)
    redirect(signInPath({ type: 'watchlist', redirect: ROUTES.watchlist }));

  let items;
  let searches: SavedSearchSummary[];
  try {
    [{ items }, { saved_searches: searches }] = await Promise.all([getWatchlist(token), getSavedSearches(slug, token)]);
  } catch (error) {
    // The session ended between the two calls (signed out in another tab): sign in again.
    if (error instanceof ApiError && error.status === 401)
      redirect(signInPath({ type: 'watchlist', redirect: ROUTES.watchlist }));
    throw error;
  }
  // The counts shown now are the ones the next visit starts from.
  if (searches.some((search) => search.new_matches > 0))
    await markSavedSearchesSeen(slug, token).catch(() => undefined);

  return (
    <section className={`container ${styles.page}`} aria-labelledby="watchlist-title">
      <div className={styles.heading}>
        <h1 id="watchlist-title">My watchlist</h1>
        <p className={styles.account}>
          Signed in as {shopper.phone}. <SignOutButton siteSlug={slug} />
        </p>
      </div>

      <h2 id="saved-searches-title">Saved searches</h2>
      {searches.length === 0 ? (
        <p>
          No saved searches yet. On the search page, choose your filters and use Save this search to hear when a
          matching car arrives.
        </p>
      ) : (
        <ul className={alertStyles.searches} aria-labelledby="saved-searches-title">
          {searches.map((search) => (
            <SavedSearchItem
              key={search.id}
              siteSlug={slug}
              id={search.id}
              name={search.name}
              pagePath={search.page_path}
              paused={search.paused}
              newMatches={search.new_matches}
              how={howAlerted(search)}
              consents={search.consents}
              wording={wording('saved_search')}
              hasEmail={search.has_email}
              channels={search.channels}
            />
          ))}
        </ul>
      )}

      <h2 id="saved-cars-title">Saved cars</h2>
      {items.length === 0 ? (
        <div className={styles.empty}>
          <p>You have not saved any cars yet. Save a car from its page to keep an eye on its price.</p>
          <Link href={ROUTES.searchAll} className="button button-primary" prefetch={false}>
            Browse our stock
          </Link>
        </div>
      ) : (
        <ul className={styles.list} aria-labelledby="saved-cars-title">
          {items.map((item) => (
            <RemovableItem
              key={item.car_id}
              className={styles.item}
              carId={item.car_id}
              phone={shopper.phone!}
              title={item.title}
            >
              {item.image ? (
                <img src={item.image} alt="" className={styles.image} width={240} height={160} loading="lazy" />
              ) : (
                <div className={styles.image} aria-hidden="true" />
              )}
              <div className={styles.details}>
                <h3 className={styles.title}>
                  <Link href={`/cars/${item.slug}`} prefetch={false}>
                    {item.title}
                  </Link>
                </h3>
                <p className={styles.price}>
                  {item.price.was !== null && (
                    <>
                      <s aria-label={`Was ${formatDollars(item.price.was)}`}>{formatDollars(item.price.was)}</s>{' '}
                    </>
                  )}
                  {item.price.text}
                </p>
                {!item.in_stock && <p className={styles.sold}>SOLD</p>}
                <p className={styles.saved}>Saved {savedOn.format(new Date(item.saved_at))}</p>
                {item.in_stock && (
                  <>
                    {item.alerts ? (
                      <p className={alertStyles.muted}>Price alerts on.</p>
                    ) : (
                      <p className={alertStyles.paused}>No alerts for this car.</p>
                    )}
                    <ConsentList consents={item.consents} />
                    <FollowButton
                      siteSlug={slug}
                      carId={item.car_id}
                      carName={item.title}
                      following={item.alerts}
                      signInHref={null}
                      className={alertStyles.actionButton}
                      wording={wording('car')}
                      source="watchlist"
                      offer="Paused — turn on alerts"
                    />
                  </>
                )}
              </div>
            </RemovableItem>
          ))}
        </ul>
      )}
    </section>
  );
}
