import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { WorkerGroup, type WorkerLog, type WorkerTiming } from '@platform/queues';
import { ENV, PlatformMetrics, platformHostVerifier } from '@platform/server-kit';
import type { HostVerifier } from '@platform/site-config';
import type { WorkerEnv } from '../env';
import { workerLog } from '../worker-log';

/** How often the sweep runs: a pending host verifies within about a minute of its TXT record appearing. */
export const HOST_SWEEP_EVERY_MS = 60_000;

export interface HostVerificationWorkersOptions {
  verifier: HostVerifier;
  redisUrl: string;
  prefix: string;
  log?: WorkerLog;
  /** Register the repeatable sweep (off in tests that drive it by hand). */
  schedule?: boolean;
  sweepEveryMs?: number;
  timing?: WorkerTiming;
}

/**
 * The custom domains' sweep (issue 51): one job a minute checks the hosts that are due (pending and
 * failing ones each minute, verified ones hourly; see HostVerifier.sweep). Returns the sweep and a
 * close function.
 */
export async function startHostVerificationWorkers(options: HostVerificationWorkersOptions): Promise<{
  sweep: () => Promise<{ checked: number; verified: number; failing: number }>;
  close: () => Promise<void>;
}> {
  const group = new WorkerGroup(options.redisUrl, options.prefix, options.log, options.timing);
  const sweep = () => options.verifier.sweep();
  group.start('hostVerification', 1, async () => sweep());
  if (options.schedule !== false)
    group.schedule('hostVerification', 'host-verification', options.sweepEveryMs ?? HOST_SWEEP_EVERY_MS, {
      task: 'sweep',
    });
  await group.ready();
  return { sweep, close: () => group.close() };
}

/** Keeps custom domains' verification current for the lifetime of the worker process. */
@Injectable()
export class HostProcessors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HostProcessors.name);
  private stop: (() => Promise<void>) | null = null;

  constructor(
    @Inject(ENV) private readonly env: WorkerEnv,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: PlatformMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const log = workerLog(this.logger, this.metrics);
    const workers = await startHostVerificationWorkers({
      // The TXT record, then the HTTP token (the api's verify now alike). Host names only in the log: a
      // host turning failing is a warning for ops (and the site_hosts_failing gauge).
      verifier: platformHostVerifier(this.dataSource, this.env, { log }),
      redisUrl: this.env.REDIS_URL,
      prefix: this.env.REDIS_PREFIX,
      log,
    });
    this.stop = workers.close;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop?.();
  }
}
