import Link from 'next/link';
import { formatDollars } from '@platform/domain';
import styles from '@/components/dealer-console/insights.module.css';

/** The two insights views, side by side under the page title. */
export function InsightsNav({ current }: { current: 'stock' | 'overview' | null }) {
  return (
    <nav aria-label="Insights" className={styles.subnav}>
      <Link href="/dealer/insights" aria-current={current === 'stock' ? 'page' : undefined}>
        Stock
      </Link>
      <Link href="/dealer/insights/overview" aria-current={current === 'overview' ? 'page' : undefined}>
        Dealership overview
      </Link>
    </nav>
  );
}

const BAND_CLASS: Record<string, string | undefined> = {
  Strong: styles.bandStrong,
  'On track': styles.bandOnTrack,
  'Below par': styles.bandBelowPar,
  'Needs attention': styles.bandNeedsAttention,
};

export function Band({ band }: { band: string | null }) {
  if (!band) return <span>Not rated yet</span>;
  return <span className={`${styles.band} ${BAND_CLASS[band] ?? ''}`}>{band}</span>;
}

/** The filter's names of the api's price positions: 'unknown' holds cars with no price and cars with too few similar ones. */
export const POSITION_LABELS: Record<string, string> = {
  below: 'Below market',
  at: 'At market',
  above: 'Above market',
  unknown: 'Not compared',
};

/** A car's own position in words: an 'enquire for price' car is not compared; a priced one may lack similar cars. */
export function positionLabel(position: string, price: number | null): string {
  if (price === null) return 'Not compared';
  if (position === 'unknown') return 'Not enough similar cars';
  return POSITION_LABELS[position] ?? position;
}

/** An amount, or what the dealer's site says for a car without one (never $0). */
export const priceLabel = (price: number | null): string =>
  price === null ? 'Enquire for price' : formatDollars(price);
