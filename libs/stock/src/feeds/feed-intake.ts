import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { FeedMode } from '@platform/domain';
import { FeedPayloadEntity, FeedRunEntity, type FeedRowError, type FeedRunCounts } from '@platform/db';
import { parseFeed, type FeedContentType } from './feed-format';
import { FeedRuns } from './feed-runs';

/** What GET /api/feeds/runs/{id} answers. */
export interface FeedRunView {
  feedRunId: string;
  dealership: string;
  mode: FeedMode;
  status: FeedRunEntity['status'];
  detail: string | null;
  counts: FeedRunCounts;
  errors: FeedRowError[];
  /** Row errors beyond the first 1,000, left out of `errors`. */
  errorsOmitted: number;
  warnings: string[];
  /** Warnings beyond the first 100, left out of `warnings`. */
  warningsOmitted: number;
  receivedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * Accepts a feed push: checks it is a readable feed (so a malformed body is refused at once, with
 * its position), then stores the raw body and a queued feed_run in one transaction. Only then is it
 * queued; the caller answers 202 whether or not the queue was reachable (the sweep catches up).
 */
export class FeedIntake {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runs = new FeedRuns(dataSource),
  ) {}

  async receive(input: {
    dealershipId: number;
    mode: FeedMode;
    contentType: FeedContentType;
    body: Buffer;
  }): Promise<string> {
    await parseFeed(input.contentType, input.body);
    const id = randomUUID();
    await this.dataSource.transaction(async (manager) => {
      await this.runs.create(manager, {
        id,
        dealershipId: input.dealershipId,
        mode: input.mode,
        contentType: input.contentType,
        payloadBytes: input.body.length,
      });
      await manager.insert(FeedPayloadEntity, { feed_run_id: id, body: input.body });
    });
    return id;
  }

  async view(feedRunId: string): Promise<(FeedRunView & { dealershipId: number }) | null> {
    const run = await this.dataSource
      .getRepository(FeedRunEntity)
      .findOne({ where: { id: feedRunId }, relations: { dealership: true } });
    if (!run) return null;
    return {
      feedRunId: run.id,
      dealershipId: run.dealership_id,
      dealership: run.dealership?.slug ?? '',
      mode: run.mode,
      status: run.status,
      detail: run.detail,
      counts: run.counts,
      errors: run.errors,
      errorsOmitted: run.errors_omitted,
      warnings: run.warnings,
      warningsOmitted: run.warnings_omitted,
      receivedAt: run.received_at.toISOString(),
      startedAt: run.started_at?.toISOString() ?? null,
      finishedAt: run.finished_at?.toISOString() ?? null,
    };
  }
}
