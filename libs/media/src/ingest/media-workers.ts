import type { DataSource } from 'typeorm';
import { QUIET_LOG, WorkerGroup, type WorkerLog, type WorkerTiming } from '@platform/queues';
import { PhotoIngest, type PhotoIngestOptions } from './photo-ingest';

export interface MediaWorkersOptions extends PhotoIngestOptions {
  dataSource: DataSource;
  redisUrl: string;
  prefix: string;
  /** Photos fetched and encoded at once: encoding is CPU-bound, so about the cores the worker may use. Default 2. */
  concurrency?: number;
  log?: WorkerLog;
  timing?: WorkerTiming;
}

/** Starts the media queue's worker; returns a function that closes it. */
export async function startMediaWorkers(options: MediaWorkersOptions): Promise<() => Promise<void>> {
  const log = options.log ?? QUIET_LOG;
  const ingest = new PhotoIngest(options.dataSource, options);
  const group = new WorkerGroup(options.redisUrl, options.prefix, log, options.timing);
  group.start(
    'media',
    options.concurrency ?? 2,
    async ({ photoId, eager }) => {
      const outcome = await ingest.process(photoId, eager);
      if (outcome.kind === 'refused' || outcome.kind === 'unreachable')
        log.warn({ photoId, reason: outcome.reason }, 'photo not stored');
      return outcome;
    },
    // Every retry failed (the host stayed down): the photo is marked so, and the car goes on without it.
    async ({ photoId }, reason) => {
      await ingest.unreachable(photoId, 'unreachable', reason);
    },
  );
  await group.ready();
  return () => group.close();
}
