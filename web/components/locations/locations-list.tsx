import { Suspense } from 'react';
import { filterLocations, groupLocationsByDealership, LOCATION_TYPE_LABELS } from '@platform/domain';
import type { SiteView } from '@/lib/api';
import { locationView, visibleLocations } from '@/lib/locations/location-view';
import { enquiryFormSetup } from './enquiry-setup';
import { LocationGroupCard } from './location-group-card';
import { LocationSearch } from './location-search';
import styles from './locations.module.css';

/**
 * The locations list (spec 000 screen 1): the search box, then one card a dealership with a tab per
 * location type. The query matches name, postcode, street or location type.
 */
export function LocationsList({ site, query }: { site: SiteView; query: string }) {
  const matches = filterLocations(visibleLocations(site), { q: query });
  const groups = groupLocationsByDealership(matches, site.source.dealerships);
  const enquiry = enquiryFormSetup(site.slug, site.config);
  return (
    <section className={`container ${styles.page}`} aria-labelledby="locations-title">
      <h1 id="locations-title">Our Locations</h1>
      <Suspense fallback={null}>
        <LocationSearch />
      </Suspense>
      {groups.length === 0 ? (
        <p className={styles.empty} role="status">
          No locations match your search.
        </p>
      ) : (
        <div className={styles.groups}>
          {groups.map((group) => {
            const tabs = group.tabs.map((tab) => ({
              type: tab.type,
              label: LOCATION_TYPE_LABELS[tab.type],
              locations: tab.locations.map((location) => locationView(location, site)),
            }));
            // A new list of locations mounts a new card, so its tabs start again at the first.
            const key = `${group.dealership?.id ?? 'other'}:${tabs.map((tab) => tab.locations.map((l) => l.id).join(',')).join('|')}`;
            return (
              <LocationGroupCard
                key={key}
                name={group.name}
                tabs={tabs}
                showAllTabs={site.config.locations.show_all_location_tabs}
                buttons={site.config.locations.card_buttons}
                enquiry={enquiry}
              />
            );
          })}
        </div>
      )}
    </section>
  );
}
