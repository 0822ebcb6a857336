import { quantile } from '../market/autogauge';
import { MIN_SEGMENT_CARS, MIN_SEGMENT_DEALERSHIPS, SEGMENT_LEVELS, segmentId, type SegmentKey } from './segments';

/** One car of the platform's history, as the benchmarks read it (any tenant's; never shown). */
export interface BenchmarkSample {
  dealershipId: number;
  key: SegmentKey;
  /** Live cars: views and enquiries over the last 7 days. */
  activity?: { views7: number; enquiries7: number } | null;
  /** Sold cars: days from listing to sale. */
  daysToSell?: number | null;
}

interface Totals {
  cars: number;
  views: number;
  enquiries: number;
}

interface Segment {
  activity: Totals;
  /** The same totals per dealership, so a dealer's own cars can be taken out of its benchmark. */
  activityBy: Map<number, Totals>;
  sold: number[];
  soldBy: Map<number, number>;
  sorted: boolean;
}

export interface ActivityBenchmark {
  level: number;
  cars: number;
  dealerships: number;
  views7: number;
  enquiries7: number;
}

export interface DaysBenchmark {
  level: number;
  cars: number;
  dealerships: number;
  days: number;
}

const add = (totals: Totals, views: number, enquiries: number): void => {
  totals.cars += 1;
  totals.views += views;
  totals.enquiries += enquiries;
};

/**
 * Every segment's totals at every level, built once per run from all tenants' cars. Lookups
 * leave the asking dealership's own cars out and need MIN_SEGMENT_CARS cars from
 * MIN_SEGMENT_DEALERSHIPS other dealerships, else they widen the segment.
 */
export class Benchmarks {
  private readonly segments = new Map<string, Segment>();

  constructor(samples: Iterable<BenchmarkSample>) {
    for (const sample of samples) {
      for (let level = 0; level < SEGMENT_LEVELS.length; level += 1) {
        const id = segmentId(sample.key, level);
        let segment = this.segments.get(id);
        if (!segment) {
          segment = {
            activity: { cars: 0, views: 0, enquiries: 0 },
            activityBy: new Map(),
            sold: [],
            soldBy: new Map(),
            sorted: true,
          };
          this.segments.set(id, segment);
        }
        if (sample.activity) {
          const { views7, enquiries7 } = sample.activity;
          add(segment.activity, views7, enquiries7);
          let own = segment.activityBy.get(sample.dealershipId);
          if (!own) segment.activityBy.set(sample.dealershipId, (own = { cars: 0, views: 0, enquiries: 0 }));
          add(own, views7, enquiries7);
        }
        if (typeof sample.daysToSell === 'number' && Number.isFinite(sample.daysToSell) && sample.daysToSell >= 0) {
          segment.sold.push(sample.daysToSell);
          segment.sorted = false;
          segment.soldBy.set(sample.dealershipId, (segment.soldBy.get(sample.dealershipId) ?? 0) + 1);
        }
      }
    }
  }

  /** Mean views and enquiries per car per 7 days of the narrowest segment big enough, without the dealer's own cars. */
  activity(key: SegmentKey, dealershipId: number): ActivityBenchmark | null {
    for (let level = 0; level < SEGMENT_LEVELS.length; level += 1) {
      const segment = this.segments.get(segmentId(key, level));
      if (!segment) continue;
      const own = segment.activityBy.get(dealershipId);
      const cars = segment.activity.cars - (own?.cars ?? 0);
      const dealerships = segment.activityBy.size - (own ? 1 : 0);
      if (cars < MIN_SEGMENT_CARS || dealerships < MIN_SEGMENT_DEALERSHIPS) continue;
      return {
        level,
        cars,
        dealerships,
        views7: (segment.activity.views - (own?.views ?? 0)) / cars,
        enquiries7: (segment.activity.enquiries - (own?.enquiries ?? 0)) / cars,
      };
    }
    return null;
  }

  /**
   * Median days to sell of the narrowest segment with enough sales by other dealerships. The
   * median is over the whole segment (a dealer's own sales are theirs to know; a median of five
   * or more sales from three or more other dealers names none of them).
   */
  daysToSell(key: SegmentKey, dealershipId: number): DaysBenchmark | null {
    for (let level = 0; level < SEGMENT_LEVELS.length; level += 1) {
      const segment = this.segments.get(segmentId(key, level));
      if (!segment || segment.sold.length === 0) continue;
      const own = segment.soldBy.get(dealershipId) ?? 0;
      const cars = segment.sold.length - own;
      const dealerships = segment.soldBy.size - (own > 0 ? 1 : 0);
      if (cars < MIN_SEGMENT_CARS || dealerships < MIN_SEGMENT_DEALERSHIPS) continue;
      if (!segment.sorted) {
        segment.sold.sort((a, b) => a - b);
        segment.sorted = true;
      }
      return { level, cars, dealerships, days: Math.round(quantile(segment.sold, 0.5)) };
    }
    return null;
  }
}
