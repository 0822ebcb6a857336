'use client';

import { useState } from 'react';
import { formatCost, FUEL_DEFAULTS, fuelCost, parseDistance, parseEconomy, parseFuelPrice } from '@platform/domain';
import { useFirstUseEvent } from '@/lib/analytics/first-use';
import styles from './vehicle.module.css';

/**
 * The fuel-cost calculator (spec 000 §5, §9): defaults 1.70 per L, 250 kms a week, 10 L/100km; the
 * price accepts $ and commas, the distance 'kms'; cost = distance / 100 x economy x price, to 2 decimals.
 * It opens at the specification's 10 L/100km whatever the car; the car's own combined figure, when
 * the feed sends one, is stated beside the field with a button to use it. The first change is the
 * calculator's event 26.
 */
export function FuelCalculator({
  siteSlug,
  carId,
  economy,
}: {
  siteSlug: string;
  carId: number;
  economy?: number | null;
}) {
  const touched = useFirstUseEvent(siteSlug, carId);
  const [price, setPrice] = useState(FUEL_DEFAULTS.pricePerLitre.toFixed(2));
  const [distance, setDistance] = useState(`${FUEL_DEFAULTS.kmPerWeek} kms`);
  const [consumption, setConsumption] = useState(String(FUEL_DEFAULTS.litresPer100Km));
  const own = economy != null && economy > 0 ? economy : null;

  const p = parseFuelPrice(price);
  const d = parseDistance(distance);
  const e = parseEconomy(consumption);
  const cost = p !== null && d !== null && e !== null ? fuelCost(d, e, p) : null;

  return (
    <section className={styles.card} aria-labelledby="fuel-title">
      <h2 id="fuel-title">Fuel Calculator</h2>
      <div className={styles.calculator}>
        <div className={styles.calcField}>
          <label htmlFor="fuel-price">Fuel price (per L)</label>
          <input
            id="fuel-price"
            inputMode="decimal"
            value={price}
            onChange={(event) => {
              touched();
              setPrice(event.target.value);
            }}
            aria-invalid={p === null || undefined}
          />
        </div>
        <div className={styles.calcField}>
          <label htmlFor="fuel-distance">Distance per week</label>
          <input
            id="fuel-distance"
            value={distance}
            onChange={(event) => {
              touched();
              setDistance(event.target.value);
            }}
            aria-invalid={d === null || undefined}
          />
        </div>
        <div className={styles.calcField}>
          <label htmlFor="fuel-economy">Fuel economy (L/100km)</label>
          <input
            id="fuel-economy"
            inputMode="decimal"
            value={consumption}
            onChange={(event) => {
              touched();
              setConsumption(event.target.value);
            }}
            aria-invalid={e === null || undefined}
            aria-describedby={own !== null ? 'fuel-economy-own' : undefined}
          />
          {own !== null && (
            <p id="fuel-economy-own" className={styles.calcNote}>
              This car&apos;s combined figure: {own} L/100km.{' '}
              {e !== own && (
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => {
                    touched();
                    setConsumption(String(own));
                  }}
                >
                  Use this car&apos;s figure
                </button>
              )}
            </p>
          )}
        </div>
      </div>
      <p aria-live="polite">
        Weekly fuel cost: <strong data-testid="fuel-cost">{cost === null ? '–' : formatCost(cost)}</strong>
      </p>
    </section>
  );
}
