'use client';

import Link from 'next/link';
import { isAvailable, priceDisplay, SOLD_HEADING, type SearchHit } from '@platform/domain';
import { bodyLabel } from '@platform/domain';
import { formatKm } from '@/lib/search/labels';
import { COMPARE, COMPARE_LIMIT } from '@/lib/storage/saved-lists';
import { useListedHits } from '@/lib/storage/use-listed-hits';
import { useSavedList } from '@/lib/storage/use-saved-list';
import type { SavedListPageProps } from './favourites-list';
import { useHydrated } from './hydrated';
import styles from './saved-lists.module.css';
import { firstPhotoSrc } from '@/lib/media/car-photo';
import { photoSrc } from '@platform/domain';

const LIST_IMAGE_WIDTH = 480;

type Row = { label: string; value: (hit: SearchHit) => string | null };

/** What a shopper weighs cars on, from the search hit; a blank is shown as a dash. */
const ROWS: readonly Row[] = [
  { label: 'Year', value: (hit) => String(hit.year) },
  { label: 'Odometer', value: (hit) => (hit.km != null ? formatKm(hit.km) : null) },
  { label: 'Transmission', value: (hit) => hit.simple_transmission },
  { label: 'Fuel', value: (hit) => hit.simple_fuel },
  { label: 'Body', value: (hit) => (hit.simple_body ? bodyLabel(hit.simple_body) : null) },
  { label: 'Badge', value: (hit) => [hit.badge, hit.series].filter(Boolean).join(' ') || null },
  { label: 'Location', value: (hit) => [hit.location_name, hit.city].filter(Boolean).join(', ') || null },
  { label: 'Stock number', value: (hit) => hit.stocknum },
];

/**
 * The compare list (spec 000 §1: 'save the car to ... a compare list') side by side: one column per
 * car, at most COMPARE_LIMIT, with today's price and details from the site's search. A car the site
 * no longer shows keeps its column, saying so, until the shopper removes it.
 */
export function CompareTable({ siteSlug, noPriceText, subscriptionEnabled, searchHref }: SavedListPageProps) {
  const hydrated = useHydrated();
  const { entries, remove } = useSavedList(COMPARE);
  const hits = useListedHits(
    siteSlug,
    entries.map((entry) => entry.id),
  );
  if (!hydrated) return null;
  if (entries.length === 0)
    return (
      <div className={styles.empty}>
        <p>Your compare list is empty.</p>
        <p>Tap Compare on up to {COMPARE_LIMIT} cars to see them side by side here.</p>
        <Link href={searchHref} className="button button-primary" prefetch={false}>
          Browse our stock
        </Link>
      </div>
    );
  const columns = entries.map((entry) => ({
    entry,
    hit: hits.state === 'ready' ? (hits.byId.get(entry.id) ?? null) : null,
  }));
  const dash = hits.state === 'loading' ? '…' : '–';
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">The cars in your compare list, side by side</caption>
        <colgroup>
          <col className={styles.labelColumn} />
          {columns.map(({ entry }) => (
            <col key={entry.id} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td />
            {columns.map(({ entry, hit }) => {
              const image =
                (hit ? firstPhotoSrc(hit, LIST_IMAGE_WIDTH) : null) ??
                photoSrc(entry.primary_image_url, null, LIST_IMAGE_WIDTH);
              return (
                <th key={entry.id} scope="col">
                  <div className={styles.carHeading}>
                    {image ? (
                      <img src={image} alt="" className={styles.image} width={240} height={180} loading="lazy" />
                    ) : (
                      <div className={styles.image} aria-hidden="true" />
                    )}
                    <Link href={`/cars/${encodeURIComponent(entry.slug)}`} prefetch={false}>
                      {entry.name}
                    </Link>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Remove ${entry.name}`}
                      onClick={() => remove(String(entry.id))}
                    >
                      Remove
                    </button>
                  </div>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Price</th>
            {columns.map(({ entry, hit }) => (
              <td key={entry.id}>
                {hit ? (
                  isAvailable(hit) ? (
                    <strong>{priceDisplay(hit, { noPriceText, subscriptionEnabled }).text}</strong>
                  ) : (
                    <span className={styles.sold}>{SOLD_HEADING}</span>
                  )
                ) : hits.state === 'loading' ? (
                  dash
                ) : (
                  'No longer listed'
                )}
              </td>
            ))}
          </tr>
          {ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {columns.map(({ entry, hit }) => (
                <td key={entry.id}>{(hit && row.value(hit)) || dash}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
