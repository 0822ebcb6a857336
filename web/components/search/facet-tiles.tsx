import Link from 'next/link';
import { bodyLabel } from '@/lib/search/labels';
import { facetSlug, SEARCH_BASE_PATH } from '@/lib/search/search-paths';
import styles from './search.module.css';

export interface FacetTile {
  value: string;
  count: number;
  logoUrl?: string | null;
}

/**
 * Spec 001 screen 9: a tile list of makes or bodies, with count and logo, each linking to
 * /search/{slug}.
 */
export function FacetTiles({ facet, tiles, heading }: { facet: 'make' | 'body'; tiles: FacetTile[]; heading: string }) {
  if (tiles.length === 0) return null;
  return (
    <section className={styles.facetTiles} aria-label={heading}>
      <ul>
        {tiles.map((tile) => (
          <li key={tile.value}>
            <Link href={`${SEARCH_BASE_PATH}/${facetSlug(tile.value)}`} prefetch={false}>
              {tile.logoUrl && <img src={tile.logoUrl} alt="" width={32} height={32} loading="lazy" />}
              <span>{facet === 'body' ? bodyLabel(tile.value) : tile.value}</span>{' '}
              <span className={styles.count}>({tile.count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
