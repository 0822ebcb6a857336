import Link from 'next/link';
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

export const POSITION_LABELS: Record<string, string> = {
  below: 'Below market',
  at: 'At market',
  above: 'Above market',
  unknown: 'No market yet',
};
