import { Logger } from '@nestjs/common';
import type { QueueProducer } from '@platform/queues';
import { AnalyticsTracker } from './analytics-tracker';

describe('AnalyticsTracker when the queue refuses (Redis full or down)', () => {
  it('warns once when recording starts failing and once when it works again, with the count: not a line an event', async () => {
    let refusing = true;
    const producer = {
      add: async () => {
        if (refusing) throw new Error("OOM command not allowed when used memory > 'maxmemory'");
        return 'job';
      },
    } as unknown as QueueProducer;
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      const tracker = new AnalyticsTracker(producer);
      for (let i = 0; i < 200; i++) expect(await tracker.track({ siteId: 1, eventId: 22 })).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      refusing = false;
      expect(await tracker.track({ siteId: 1, eventId: 22 })).toBe(true);
      expect(await tracker.track({ siteId: 1, eventId: 22 })).toBe(true);
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]![0]).toMatchObject({ loop: 'analytics-events', failures: 200 });
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
  });
});
