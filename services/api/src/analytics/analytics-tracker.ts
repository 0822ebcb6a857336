import { Injectable, Logger } from '@nestjs/common';
import { pagePath } from '@platform/leads';
import { QueueProducer, withTimeout } from '@platform/queues';

export interface TrackedEvent {
  siteId: number;
  eventId: number;
  carId?: number | null;
  /** The page address; only its path is kept. */
  url?: string | null;
}

/** Longest a request waits to hand an event to the queue; analytics never slow a shopper down. */
const TRACK_TIMEOUT_MS = 1000;

/**
 * Records analytics events through the analytics-events queue. A failure (Redis down, slow) is
 * caught and logged, never passed to the shopper (spec 001 §8: 'Analytics failure: caught and warned').
 */
@Injectable()
export class AnalyticsTracker {
  private readonly logger = new Logger('Analytics');

  constructor(private readonly producer: QueueProducer) {}

  async track({ siteId, eventId, carId = null, url = null }: TrackedEvent, at = new Date()): Promise<boolean> {
    try {
      await withTimeout(
        this.producer.add('analyticsEvents', { siteId, eventId, carId, path: pagePath(url), at: at.toISOString() }),
        TRACK_TIMEOUT_MS,
        'analytics queue',
      );
      return true;
    } catch (error) {
      this.logger.warn({ siteId, eventId, err: (error as Error).message }, 'analytics event not recorded');
      return false;
    }
  }
}
