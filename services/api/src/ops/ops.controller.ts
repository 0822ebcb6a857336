import { Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { IdSchema } from '@platform/domain';
import { FEED_RUN_STATUSES, FeedRunEntity, SiteEntity } from '@platform/db';
import { feedJobId, QueueProducer, queueKeyOf } from '@platform/queues';
import {
  ENV,
  notFound,
  PlatformMetrics,
  ProblemException,
  ZodValidationPipe,
  type BaseEnv,
} from '@platform/server-kit';
import { FeedKeys, FeedRunControl, type ControlRefusal, type FeedRunSummary } from '@platform/stock';
import { OpsAuthGuard } from './ops-auth.guard';

const FeedRunsQuerySchema = z.strictObject({
  status: z.enum(FEED_RUN_STATUSES).optional(),
  dealership: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'must be a dealership slug (lower-case letters, digits and hyphens)')
    .optional(),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(200, 'must be 200 or less').default(50),
});
type FeedRunsQuery = z.infer<typeof FeedRunsQuerySchema>;

/** A control refusal as problem details: 404 for an unknown run, 409 with the reason otherwise. */
function refusal(result: ControlRefusal, feedRunId: string): ProblemException {
  if (result.refused === 'not_found') return notFound('Feed run not found', `No feed run has the id '${feedRunId}'.`);
  return new ProblemException({ status: 409, title: 'Feed run cannot change', detail: result.detail });
}

@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@Controller('api/ops')
export class OpsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly keys: FeedKeys,
    private readonly producer: QueueProducer,
    @Inject(ENV) private readonly env: BaseEnv,
    private readonly metrics: PlatformMetrics,
  ) {
    this.control = new FeedRunControl(dataSource, env.FEED_RUN_STUCK_AFTER_MS);
  }

  private readonly control: FeedRunControl;

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiOperation({ summary: "The api's Prometheus metrics (the worker serves its own on WORKER_PORT /metrics)" })
  async metricsText(): Promise<string> {
    return this.metrics.registry.metrics();
  }

  @Get('feeds/runs')
  @ApiOperation({
    summary: 'Feed runs, newest first',
    description:
      'Filter by status and dealership slug; limit 1-200 (default 50). stuck: running with no progress for FEED_RUN_STUCK_AFTER_MS.',
  })
  @ApiQuery({ name: 'status', required: false, enum: FEED_RUN_STATUSES })
  @ApiQuery({ name: 'dealership', required: false })
  @ApiQuery({ name: 'limit', required: false })
  async runs(
    @Query(new ZodValidationPipe(FeedRunsQuerySchema, 'feed runs query')) query: FeedRunsQuery,
  ): Promise<{ runs: FeedRunSummary[] }> {
    return { runs: await this.control.list(query) };
  }

  @Post('feeds/runs/:feedRunId/retry')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Run a failed or stuck feed run again from where it stopped (applied batches are not applied twice)',
  })
  async retry(@Param('feedRunId') feedRunId: string): Promise<{ feedRunId: string; status: 'queued'; jobId: string }> {
    const result = await this.control.retry(feedRunId);
    if (!('ok' in result)) throw refusal(result, feedRunId);
    const jobId = await this.producer.add(
      'feedIngest',
      { feedRunId },
      { jobId: `${feedJobId(feedRunId)}-retry-${Date.now()}` },
    );
    return { feedRunId, status: 'queued', jobId };
  }

  @Post('feeds/runs/:feedRunId/cancel')
  @ApiOperation({ summary: 'Stop a queued, running or held feed run; batches already applied stay applied' })
  async cancel(@Param('feedRunId') feedRunId: string): Promise<{ feedRunId: string; status: 'cancelled' }> {
    const result = await this.control.cancel(feedRunId);
    if (!('ok' in result)) throw refusal(result, feedRunId);
    return { feedRunId, status: 'cancelled' };
  }

  @Post('dealerships/:dealershipSlug/feed-keys')
  @ApiOperation({ summary: 'Issue a feed key for a dealership; the key is shown once and stored hashed' })
  async issueKey(@Param('dealershipSlug') slug: string): Promise<{ id: number; key: string; prefix: string }> {
    const issued = await this.keys.issue(slug);
    if (!issued) throw notFound('Dealership not found', `No dealership has the slug '${slug}'.`);
    return issued;
  }

  @Delete('dealerships/:dealershipSlug/feed-keys')
  @ApiOperation({ summary: 'Revoke every active feed key of a dealership' })
  async revokeKeys(@Param('dealershipSlug') slug: string): Promise<{ revoked: number }> {
    const revoked = await this.keys.revoke(slug);
    if (revoked === null) throw notFound('Dealership not found', `No dealership has the slug '${slug}'.`);
    return { revoked };
  }

  @Delete('dealerships/:dealershipSlug/feed-keys/:keyId')
  @ApiOperation({ summary: 'Revoke one feed key by id' })
  async revokeKey(
    @Param('dealershipSlug') slug: string,
    @Param('keyId', new ZodValidationPipe(IdSchema, 'keyId')) keyId: number,
  ): Promise<{ revoked: number }> {
    const revoked = await this.keys.revoke(slug, keyId);
    if (revoked === null) throw notFound('Dealership not found', `No dealership has the slug '${slug}'.`);
    if (revoked === 0) throw notFound('Feed key not found', `Dealership '${slug}' has no active feed key ${keyId}.`);
    return { revoked };
  }

  @Post('feeds/runs/:feedRunId/confirm')
  @HttpCode(202)
  @ApiOperation({ summary: 'Apply a held snapshot despite the mass-removal guard' })
  async confirm(
    @Param('feedRunId') feedRunId: string,
  ): Promise<{ feedRunId: string; status: 'queued'; jobId: string }> {
    const run = await this.heldRun(feedRunId);
    // Runs apply in the order received: an older snapshot confirmed after a newer one applied would
    // bring back stock the dealer has since changed.
    const [later] = (await this.dataSource.query(
      `SELECT id FROM feed_runs WHERE dealership_id = $1 AND received_at > $2 AND status IN ('succeeded', 'partial') LIMIT 1`,
      [run.dealership_id, run.received_at.toISOString()],
    )) as { id: string }[];
    if (later) {
      throw new ProblemException({
        status: 409,
        title: 'A later feed run has been applied',
        detail: `Run ${later.id}, received after this one, is already applied; confirming this older snapshot would undo it. Reject this run instead.`,
      });
    }
    await this.dataSource
      .getRepository(FeedRunEntity)
      .update({ id: feedRunId, status: 'held' }, { status: 'queued', confirmed_at: new Date() });
    // A new job id: the run's first job completed when the run was held.
    const jobId = await this.producer.add('feedIngest', { feedRunId }, { jobId: `${feedJobId(feedRunId)}-confirmed` });
    return { feedRunId, status: 'queued', jobId };
  }

  @Post('feeds/runs/:feedRunId/reject')
  @ApiOperation({ summary: 'Discard a held snapshot; nothing is applied' })
  async reject(@Param('feedRunId') feedRunId: string): Promise<{ feedRunId: string; status: 'failed' }> {
    await this.heldRun(feedRunId);
    await this.dataSource.getRepository(FeedRunEntity).update(
      { id: feedRunId, status: 'held' },
      {
        status: 'failed',
        detail: 'Rejected by ops: the held snapshot was discarded and nothing was applied.',
        finished_at: new Date(),
      },
    );
    return { feedRunId, status: 'failed' };
  }

  @Post('sites/:siteSlug/reindex')
  @HttpCode(202)
  @ApiOperation({ summary: "Rebuild a site's search index from PostgreSQL and swap it in with no downtime" })
  async reindexSite(@Param('siteSlug') slug: string): Promise<{ jobId: string; statusUrl: string }> {
    const site = await this.dataSource.getRepository(SiteEntity).findOne({ where: { slug } });
    if (!site) throw notFound('Site not found', `No site has the slug '${slug}'.`);
    const jobId = await this.producer.add('reindex', { siteId: site.id });
    return { jobId, statusUrl: `/api/ops/jobs/reindex/${jobId}` };
  }

  @Post('reindex')
  @HttpCode(202)
  @ApiOperation({ summary: 'Rebuild every site’s search index, one site after another' })
  async reindexAll(): Promise<{ jobId: string; statusUrl: string }> {
    const jobId = await this.producer.add('reindex', {});
    return { jobId, statusUrl: `/api/ops/jobs/reindex/${jobId}` };
  }

  @Get('jobs/:queue/:jobId')
  @ApiOperation({ summary: 'State and progress of a job' })
  async job(@Param('queue') queueName: string, @Param('jobId') jobId: string) {
    const key = queueKeyOf(queueName);
    if (!key) throw notFound('Queue not found', `No queue is called '${queueName}'.`);
    const queue = this.producer.queue(key);
    // State first, then the job: a job read before it completes would say 'completed' without its result.
    const state = await queue.getJobState(jobId);
    const job = await queue.getJob(jobId);
    if (!job)
      throw notFound('Job not found', `Queue '${queueName}' has no job '${jobId}' (finished jobs are kept for a day).`);
    return {
      queue: queueName,
      id: job.id,
      name: job.name,
      state,
      progress: job.progress,
      attemptsMade: job.attemptsMade,
      failedReason: job.failedReason ?? null,
      result: job.returnvalue ?? null,
      createdAt: new Date(job.timestamp).toISOString(),
      finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    };
  }

  private async heldRun(feedRunId: string): Promise<FeedRunEntity> {
    const run = /^[0-9a-f-]{36}$/i.test(feedRunId)
      ? await this.dataSource.getRepository(FeedRunEntity).findOne({ where: { id: feedRunId } })
      : null;
    if (!run) throw notFound('Feed run not found', `No feed run has the id '${feedRunId}'.`);
    if (run.status !== 'held') {
      throw new ProblemException({
        status: 409,
        title: 'Feed run not held',
        detail: `Only a held run can be confirmed or rejected; this one is '${run.status}'.`,
      });
    }
    return run;
  }
}
