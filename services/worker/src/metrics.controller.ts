import { Controller, Get, Header } from '@nestjs/common';
import { PlatformMetrics } from '@platform/server-kit';

/**
 * The worker's Prometheus metrics (jobs, queue depths, feed runs, outbox backlogs). WORKER_PORT is
 * an internal port, like its health endpoints: never publish it; the api's copy is behind the ops token.
 */
@Controller()
export class MetricsController {
  constructor(private readonly metrics: PlatformMetrics) {}

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  metricsText(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
