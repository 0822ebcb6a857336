import { formatDollars, gaugeBand, gaugeLabel, GAUGE_ANIMATION_MS } from '@platform/domain';
import { getAutogauge } from '@/lib/api/cars';
import { gaugeToShow } from '@/lib/vehicle/price-gauge-answer';
import styles from './vehicle.module.css';

/**
 * The price comparison card (spec 000 §4, §5, §9): fetched on the server and streamed in; hidden while
 * loading, on no data, a missing field, confidence 0.2 or lower, or a market maximum below the price.
 */
export async function PriceGauge({ carSlug }: { carSlug: string }) {
  const gauge = gaugeToShow(carSlug, await getAutogauge(carSlug));
  if (!gauge) return null;
  const band = gaugeBand(gauge.fill);
  const label = gaugeLabel(gauge);
  return (
    <section className={styles.card} aria-labelledby="gauge-title" data-testid="price-gauge" data-band={band}>
      <h2 id="gauge-title">Price Comparison</h2>
      {label && <p className={styles.gaugeLabel}>{label}</p>}
      <div
        className={styles.gauge}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(gauge.fill * 100)}
        aria-label="Deal rating"
        style={{ ['--fill' as string]: String(gauge.fill), ['--gauge-ms' as string]: `${GAUGE_ANIMATION_MS}ms` }}
      >
        <span className={`${styles.gaugeFill} ${styles[`gauge_${band}`]}`} />
      </div>
      <dl className={styles.gaugeRange}>
        <div>
          <dt>Market low</dt>
          <dd>{formatDollars(gauge.market_range_min)}</dd>
        </div>
        <div>
          <dt>This car</dt>
          <dd>{formatDollars(gauge.listing_price)}</dd>
        </div>
        <div>
          <dt>Market high</dt>
          <dd>{formatDollars(gauge.market_range_max)}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{gauge.description}</p>
    </section>
  );
}
