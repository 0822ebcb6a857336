import { Injectable, Logger } from '@nestjs/common';
import { trackingUserData, type TrackingUserDataInput } from '@platform/domain';
import { DependencyBackoff, QueueProducer, withTimeout } from '@platform/queues';
import { nestLog } from '@platform/server-kit';

export interface TrackedEvent extends Omit<TrackingUserDataInput, 'carId'> {
  siteId: number;
  eventId: number;
  carId?: number | null;
}

/** Longest a request waits to hand an event to the queue; analytics never slow a shopper down. */
const TRACK_TIMEOUT_MS = 1000;

/**
 * Records analytics events through the analytics-events queue. A failure (Redis down, slow) is
 * caught and warned, never passed to the shopper (spec 001 §8: 'Analytics failure: caught and
 * warned'): warned once when recording starts failing and once when it works again, with how many
 * events were lost meanwhile, so a full or absent Redis does not write a line per page view.
 */
@Injectable()
export class AnalyticsTracker {
  private readonly logger = new Logger('Analytics');
  private readonly health = new DependencyBackoff('analytics-events', nestLog(this.logger));

  constructor(private readonly producer: QueueProducer) {}

  async track({ siteId, eventId, carId = null, ...user }: TrackedEvent, at = new Date()): Promise<boolean> {
    try {
      // Bounded and stripped to paths here, so nothing unbounded or personal reaches the queue.
      const userData = trackingUserData({ ...user, carId });
      await withTimeout(
        this.producer.add('analyticsEvents', {
          siteId,
          eventId,
          carId,
          path: userData.url,
          userData,
          at: at.toISOString(),
        }),
        TRACK_TIMEOUT_MS,
        'analytics queue',
      );
      this.health.succeeded();
      return true;
    } catch (error) {
      this.health.note(error, { siteId, eventId, recorded: false });
      return false;
    }
  }
}
