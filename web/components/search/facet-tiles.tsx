import Link from 'next/link';
import { bodyLabel } from '@platform/domain';
import { facetSlug, SEARCH_BASE_PATH } from '@/lib/search/search-paths';
import { BodyIcon } from './body-icon';
import styles from './search.module.css';

export interface FacetTile {
  value: string;
  count: number;
  logoUrl?: string | null;
}

/**
 * Spec 001 screen 9: a tile list of makes or bodies, with count and logo, each linking to
 * /search/{slug} (or where `hrefFor` says, to keep a search's other filters). `row` lays the tiles
 * out in one line that scrolls sideways, for a list above search results.
 */
export function FacetTiles({
  facet,
  tiles,
  heading,
  hrefFor = (value) => `${SEARCH_BASE_PATH}/${facetSlug(value)}`,
  row = false,
}: {
  facet: 'make' | 'body';
  tiles: FacetTile[];
  heading: string;
  hrefFor?: (value: string) => string;
  row?: boolean;
}) {
  if (tiles.length === 0) return null;
  return (
    <section className={row ? styles.chipRow : styles.facetTiles} aria-label={heading}>
      {row && <h2 className={styles.chipHeading}>{heading}</h2>}
      <ul>
        {tiles.map((tile) => (
          <li key={tile.value}>
            <Link href={hrefFor(tile.value)} prefetch={false} className={row ? styles.chip : undefined}>
              {facet === 'body' ? (
                <BodyIcon body={tile.value} className={styles.bodyIcon} />
              ) : (
                tile.logoUrl && (
                  <img src={tile.logoUrl} alt="" width={32} height={32} loading="lazy" data-testid="facet-logo" />
                )
              )}
              <span>{facet === 'body' ? bodyLabel(tile.value) : tile.value}</span>{' '}
              <span className={styles.count}>({tile.count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
