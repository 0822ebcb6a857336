import { Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { FeedRunEntity, SiteEntity } from '@platform/db';
import { feedJobId, QueueProducer, queueKeyOf } from '@platform/queues';
import { notFound, ProblemException } from '@platform/server-kit';
import { FeedKeys } from '@platform/stock';
import { OpsAuthGuard } from './ops-auth.guard';

@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@Controller('api/ops')
export class OpsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly keys: FeedKeys,
    private readonly producer: QueueProducer,
  ) {}

  @Post('dealerships/:dealershipSlug/feed-keys')
  @ApiOperation({ summary: 'Issue a feed key for a dealership; the key is shown once and stored hashed' })
  async issueKey(@Param('dealershipSlug') slug: string): Promise<{ id: number; key: string; prefix: string }> {
    const issued = await this.keys.issue(slug);
    if (!issued) throw notFound('Dealership not found', `No dealership has the slug '${slug}'.`);
    return issued;
  }

  @Delete('dealerships/:dealershipSlug/feed-keys')
  @ApiOperation({ summary: "Revoke every active feed key of a dealership" })
  async revokeKeys(@Param('dealershipSlug') slug: string): Promise<{ revoked: number }> {
    const revoked = await this.keys.revoke(slug);
    if (revoked === null) throw notFound('Dealership not found', `No dealership has the slug '${slug}'.`);
    return { revoked };
  }

  @Delete('dealerships/:dealershipSlug/feed-keys/:keyId')
  @ApiOperation({ summary: 'Revoke one feed key by id' })
  async revokeKey(@Param('dealershipSlug') slug: string, @Param('keyId', ParseIntPipe) keyId: number): Promise<{ revoked: number }> {
    const revoked = await this.keys.revoke(slug, keyId);
    if (revoked === null) throw notFound('Dealership not found', `No dealership has the slug '${slug}'.`);
    if (revoked === 0) throw notFound('Feed key not found', `Dealership '${slug}' has no active feed key ${keyId}.`);
    return { revoked };
  }

  @Post('feeds/runs/:feedRunId/confirm')
  @HttpCode(202)
  @ApiOperation({ summary: 'Apply a held snapshot despite the mass-removal guard' })
  async confirm(@Param('feedRunId') feedRunId: string): Promise<{ feedRunId: string; status: 'queued'; jobId: string }> {
    await this.heldRun(feedRunId);
    await this.dataSource.getRepository(FeedRunEntity).update({ id: feedRunId, status: 'held' }, { status: 'queued', confirmed_at: new Date() });
    // A new job id: the run's first job completed when the run was held.
    const jobId = await this.producer.add('feedIngest', { feedRunId }, { jobId: `${feedJobId(feedRunId)}-confirmed` });
    return { feedRunId, status: 'queued', jobId };
  }

  @Post('feeds/runs/:feedRunId/reject')
  @ApiOperation({ summary: 'Discard a held snapshot; nothing is applied' })
  async reject(@Param('feedRunId') feedRunId: string): Promise<{ feedRunId: string; status: 'failed' }> {
    await this.heldRun(feedRunId);
    await this.dataSource
      .getRepository(FeedRunEntity)
      .update({ id: feedRunId, status: 'held' }, { status: 'failed', detail: 'Rejected by ops: the held snapshot was discarded and nothing was applied.', finished_at: new Date() });
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
    if (!job) throw notFound('Job not found', `Queue '${queueName}' has no job '${jobId}' (finished jobs are kept for a day).`);
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
    const run = /^[0-9a-f-]{36}$/i.test(feedRunId) ? await this.dataSource.getRepository(FeedRunEntity).findOne({ where: { id: feedRunId } }) : null;
    if (!run) throw notFound('Feed run not found', `No feed run has the id '${feedRunId}'.`);
    if (run.status !== 'held') {
      throw new ProblemException({ status: 409, title: 'Feed run not held', detail: `Only a held run can be confirmed or rejected; this one is '${run.status}'.` });
    }
    return run;
  }
}
