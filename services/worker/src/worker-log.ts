import type { Logger } from '@nestjs/common';
import type { WorkerLog } from '@platform/queues';
import type { PlatformMetrics } from '@platform/server-kit';

/** What the worker's BullMQ workers report: their log lines to pino, each job's outcome to the metrics. */
export function workerLog(logger: Logger, metrics: PlatformMetrics): WorkerLog {
  return {
    info: (data, message) => logger.log(data, message),
    warn: (data, message) => logger.warn(data, message),
    jobFinished: (queue, outcome, seconds) => metrics.jobFinished(queue, outcome, seconds),
    state: (loop, failing) => metrics.backingOff(loop, failing),
  };
}
