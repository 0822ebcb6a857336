import { Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { IdSchema } from '@platform/domain';
import { FEED_RUN_STATUSES, SiteEntity } from '@platform/db';
import { QueueProducer, queueKeyOf } from '@platform/queues';
import {
  ENV,
  notFound,
  PlatformMetrics,
  ProblemException,
  ZodValidationPipe,
  type BaseEnv,
} from '@platform/server-kit';
import { FeedKeys, FeedRuns, type ControlRefusal, type FeedRunSummary } from '@platform/stock';
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
  return new ProblemException({ status: 409, title: result.title ?? 'Feed run cannot change', detail: result.detail });
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
    private readonly feedRuns: FeedRuns,
  ) {}

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
      'Filter by status and dealership slug; limit 1-200 (default 50). stuck: unfinished with no live job, or running with no progress for FEED_RUN_STUCK_AFTER_MS; stuckReason says which.',
  })
  @ApiQuery({ name: 'status', required: false, enum: FEED_RUN_STATUSES })
  @ApiQuery({ name: 'dealership', required: false })
  @ApiQuery({ name: 'limit', required: false })
  async runs(
    @Query(new ZodValidationPipe(FeedRunsQuerySchema, 'feed runs query')) query: FeedRunsQuery,
  ): Promise<{ runs: FeedRunSummary[] }> {
    return { runs: await this.feedRuns.list(query) };
  }

  @Post('feeds/runs/:feedRunId/retry')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Run a failed or stuck feed run again from where it stopped (applied batches are not applied twice)',
  })
  async retry(@Param('feedRunId') feedRunId: string): Promise<{ feedRunId: string; status: 'queued'; jobId: string }> {
    const result = await this.feedRuns.retry(feedRunId);
    if (!('ok' in result)) throw refusal(result, feedRunId);
    const jobId = await this.feedRuns.enqueue(feedRunId, 'retried');
    return { feedRunId, status: 'queued', jobId };
  }

  @Post('feeds/runs/:feedRunId/cancel')
  @ApiOperation({ summary: 'Stop a queued, running or held feed run; batches already applied stay applied' })
  async cancel(@Param('feedRunId') feedRunId: string): Promise<{ feedRunId: string; status: 'cancelled' }> {
    const result = await this.feedRuns.cancel(feedRunId);
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
    const result = await this.feedRuns.confirm(feedRunId);
    if (!('ok' in result)) throw refusal(result, feedRunId);
    return { feedRunId, status: 'queued', jobId: result.jobId };
  }

  @Post('feeds/runs/:feedRunId/reject')
  @ApiOperation({ summary: 'Discard a held snapshot; nothing is applied' })
  async reject(@Param('feedRunId') feedRunId: string): Promise<{ feedRunId: string; status: 'failed' }> {
    const result = await this.feedRuns.reject(feedRunId);
    if (!('ok' in result)) throw refusal(result, feedRunId);
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
}
