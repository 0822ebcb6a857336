import type { DataSource } from 'typeorm';
import { QUIET_LOG, WorkerGroup, type WorkerLog } from '@platform/queues';
import { recordCarEvent } from './car-events';

export interface EventWorkersOptions {
  dataSource: DataSource;
  redisUrl: string;
  prefix: string;
  log?: WorkerLog;
}

/** Starts the phone-reveals and car-views workers; returns a function that closes them. */
export async function startEventWorkers({
  dataSource,
  redisUrl,
  prefix,
  log = QUIET_LOG,
}: EventWorkersOptions): Promise<() => Promise<void>> {
  const group = new WorkerGroup(redisUrl, prefix, log);
  group.start('phoneReveals', 4, async (event) => recordCarEvent(dataSource, 'phone_reveal', event));
  group.start('carViews', 4, async (event) => recordCarEvent(dataSource, 'view', event));
  await group.ready();
  return () => group.close();
}
