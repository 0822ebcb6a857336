import type { DataSource } from 'typeorm';
import type { QueueProducer } from '@platform/queues';
import { PlatformMetrics } from './platform-metrics';

describe('the lead delivery lane metrics', () => {
  it("show each lane's breaker as read from Redis at scrape (2 open, 1 probing, 0 closed again) and count put-off deliveries by reason", async () => {
    // Only the lead series are read here: nothing touches the database or the queues.
    const metrics = new PlatformMetrics({
      appName: 'worker',
      dataSource: {} as DataSource,
      producer: {} as QueueProducer,
      stuckAfterMs: 60_000,
    });
    let states: { lane: string; state: { state: 'closed' | 'open' | 'half-open' } }[] = [
      { lane: 'dealership-4:crm', state: { state: 'open' } },
      { lane: 'dealership-5:email', state: { state: 'half-open' } },
      { lane: 'dealership-6:crm', state: { state: 'closed' } },
    ];
    metrics.leads.lanes(async () => states);
    metrics.leads.deferred('open');
    metrics.leads.deferred('open');
    metrics.leads.deferred('lane-busy');
    const scrape = async () =>
      [
        await metrics.registry.getSingleMetricAsString('lead_delivery_lane_breaker'),
        await metrics.registry.getSingleMetricAsString('lead_deliveries_deferred_total'),
      ].join('\n');
    /** One series' value in the Prometheus text, by its one label. */
    const metricValue = (text: string, name: string, [[key, value]]: [string, string][]): number | null => {
      const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`${key}="${value}"`));
      return line ? Number(line.split(' ').pop()) : null;
    };

    let text = await scrape();
    expect(metricValue(text, 'lead_delivery_lane_breaker', [['lane', 'dealership-4:crm']])).toBe(2);
    expect(metricValue(text, 'lead_delivery_lane_breaker', [['lane', 'dealership-5:email']])).toBe(1);
    expect(metricValue(text, 'lead_delivery_lane_breaker', [['lane', 'dealership-6:crm']])).toBe(0);
    expect(metricValue(text, 'lead_deliveries_deferred_total', [['reason', 'open']])).toBe(2);
    expect(metricValue(text, 'lead_deliveries_deferred_total', [['reason', 'lane-busy']])).toBe(1);

    // The CRM answers again: its lane's key is gone from Redis, and the series reads 0.
    states = [{ lane: 'dealership-5:email', state: { state: 'open' } }];
    text = await scrape();
    expect(metricValue(text, 'lead_delivery_lane_breaker', [['lane', 'dealership-4:crm']])).toBe(0);
    expect(metricValue(text, 'lead_delivery_lane_breaker', [['lane', 'dealership-5:email']])).toBe(2);
  });
});
