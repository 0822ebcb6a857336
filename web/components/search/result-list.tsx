import type { SearchHit, SiteConfig } from '@platform/domain';
import { withPromos } from '@platform/domain';
import type { CarConfigOf } from '@/lib/search/dealership-configs';
import { NoResultsCard } from './no-results';
import { PromoCard } from './promo-card';
import { ResultCard } from './result-card';
import styles from './search.module.css';

/** How many cards load their image with priority (spec 000 §9). */
const PRIORITY_IMAGES = 2;

export interface ResultListProps {
  hits: SearchHit[];
  page: number;
  hitsPerPage: number;
  promoPositions: number[];
  config: SiteConfig;
  /** Each car's own dealership's configuration, for its card (default: the site's for every car). */
  configOf?: CarConfigOf;
  now: Date;
}

/** One page of result cards with the promo cards in place, or the no-results card. */
export function ResultList({ hits, page, hitsPerPage, promoPositions, config, configOf, now }: ResultListProps) {
  if (hits.length === 0) return <NoResultsCard refreshPath={config.routes.no_results_refresh_path} />;
  return (
    <ul className={styles.grid}>
      {withPromos(hits, page, hitsPerPage, promoPositions).map((slot) =>
        slot.kind === 'promo' ? (
          <li key={`promo-${slot.position}`}>
            <PromoCard href={config.promo.link} />
          </li>
        ) : (
          <li key={slot.car.id}>
            <ResultCard
              car={slot.car}
              config={configOf ? configOf(slot.car) : config}
              priority={slot.index < PRIORITY_IMAGES}
              now={now}
            />
          </li>
        ),
      )}
    </ul>
  );
}
