import { Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createGunzip } from 'node:zlib';
import { pipeline, Readable } from 'node:stream';
import { FEED_CONTENT_TYPE, isSyndicationChannel } from '@platform/domain';
import { notFound, ProblemException } from '@platform/server-kit';
import type { DealerPrincipal } from '../dealer/dealer-accounts';
import { Dealer, DealerSignedInGuard } from '../dealer/dealer-session';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { SyndicationService, type FeedReport, type ServableFeed } from './syndication.service';

const FILE = /^([A-Za-z0-9_-]{1,100})\.csv$/;
/** Crawlers fetch daily or hourly; a cache may keep the file a few minutes and must revalidate. */
const CACHE = 'private, max-age=300, must-revalidate';

const feedNotFound = () =>
  notFound('Feed not found', 'No feed answers at this address. Ask the dealership for its current feed URL.');

/** Whether the client takes gzip (Accept-Encoding: gzip with a q above 0, or *). */
export function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** The ETags a client holds match this file, in either encoding (If-None-Match may list several, or *). */
const matches = (header: string | undefined, tags: string[]): boolean =>
  !!header && (header.trim() === '*' || header.split(',').some((tag) => tags.includes(tag.trim().replace(/^W\//, ''))));

/** Listing feeds for Google and Meta (issue 42), fetched by the channels' crawlers. */
@ApiTags('Syndication')
@Controller()
export class SyndicationFeedController {
  constructor(private readonly feeds: SyndicationService) {}

  @Get('feeds/:dealershipSlug/:channel/:file')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: "A dealership's listing feed for a channel (google or meta) at its tokened URL: RFC 4180 CSV",
    description:
      'ETag (the file hash) and Last-Modified with 304 on If-None-Match / If-Modified-Since; gzip Content-Encoding when Accept-Encoding allows. A wrong token, an unknown dealership or channel, a channel that is off and a feed not written yet all answer the same 404.',
  })
  @ApiResponse({ status: 200, description: 'The CSV file' })
  @ApiResponse({ status: 304, description: 'Not modified' })
  @ApiResponse({ status: 404, description: 'No feed at this address' })
  async feed(
    @Param('dealershipSlug') slug: string,
    @Param('channel') channel: string,
    @Param('file') file: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const token = FILE.exec(file)?.[1];
    const feed =
      token && isSyndicationChannel(channel) && /^[a-z0-9-]{1,100}$/.test(slug)
        ? await this.feeds.servable(slug, channel, token)
        : null;
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('Cache-Control', 'no-store');
    if (!feed) throw feedNotFound();
    // The channel's crawler is recorded whether or not the file changed: the report says it is fetching.
    await this.feeds.recordFetch(feed, request.headers['user-agent']);
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const identityTag = `"${feed.contentHash}"`;
    const gzipTag = `"${feed.contentHash}-gzip"`;
    response.setHeader('Cache-Control', CACHE);
    response.setHeader('ETag', gzip ? gzipTag : identityTag);
    response.setHeader('Last-Modified', feed.generatedAt.toUTCString());
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const notModified =
      ifNoneMatch !== undefined
        ? matches(ifNoneMatch, [identityTag, gzipTag])
        : ifModifiedSince !== undefined &&
          !Number.isNaN(Date.parse(ifModifiedSince)) &&
          Math.floor(feed.generatedAt.getTime() / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000);
    if (notModified) {
      response.status(304).end();
      return;
    }
    response.status(200);
    sendFeed(this.feeds, feed, request, response, gzip);
  }
}

/**
 * Sends a feed's file, streamed from its stored gzip pieces one at a time: as stored when the
 * client takes gzip, else inflated on the way. A HEAD gets the headers alone.
 */
function sendFeed(
  feeds: SyndicationService,
  feed: ServableFeed,
  request: Request,
  response: Response,
  gzip: boolean,
): void {
  response.setHeader('Content-Type', FEED_CONTENT_TYPE);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (gzip) response.setHeader('Content-Encoding', 'gzip');
  response.setHeader('Content-Length', String(gzip ? feed.gzipSize : feed.byteSize));
  if (request.method === 'HEAD') return void response.end();
  const pieces = Readable.from(feeds.gzipPieces(feed), { objectMode: false });
  // A broken stream (the database gone mid-file) cuts the response short; the client sees a truncated body.
  const done = (error: Error | null | undefined) => {
    if (error) response.destroy(error);
  };
  if (gzip) pipeline(pieces, response, done);
  else pipeline(pieces, createGunzip(), response, done);
}

const channelNotFound = () => notFound('Feed not found', 'Name one of your dealerships and a channel, google or meta.');

/** The dealer console's syndication report and the owner's token rotation. */
@ApiTags('Dealer console')
@Controller('api/dealer/syndication')
@UseGuards(DealerSignedInGuard)
export class DealerSyndicationController {
  constructor(private readonly feeds: SyndicationService) {}

  @Get()
  @ApiOperation({
    summary:
      "Each syndication feed of the user's dealerships: cars included, cars left out with reasons grouped, last generated and fetched",
  })
  @ApiResponse({
    status: 200,
    description:
      '{ feeds: [{ dealership, dealershipName, channel, label, enabled, url, downloadPath, canRotate, generatedAt, included, leftOut, reasons: [{ reason, count, summary }], cars: [{ stocknum, vin, reasons, path }], lastFetchedAt, lastFetchedBy }] }',
  })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  async report(@Dealer() dealer: DealerPrincipal): Promise<{ feeds: FeedReport[] }> {
    return { feeds: await this.feeds.report(dealer.memberships) };
  }

  @Post(':dealershipSlug/:channel/token')
  @HttpCode(200)
  @ApiOperation({
    summary: "Rotate a feed's URL token (owners only; X-CSRF-Token required): the old URL answers 404 from now on",
  })
  @ApiResponse({ status: 200, description: '{ url }: the new URL, shown only now' })
  @ApiResponse({ status: 403, description: 'Not an owner of this dealership' })
  @ApiResponse({ status: 404, description: 'Not one of your dealerships, or not a channel' })
  async rotate(
    @Dealer() dealer: DealerPrincipal,
    @Param('dealershipSlug') slug: string,
    @Param('channel') channel: string,
  ): Promise<{ url: string }> {
    const membership = dealer.memberships.find((m) => m.slug === slug);
    if (!membership || !isSyndicationChannel(channel)) throw channelNotFound();
    if (membership.role !== 'owner')
      throw new ProblemException({
        status: 403,
        title: 'Owners only',
        detail: "Only an owner of the dealership can rotate its feed URLs. Ask your dealership's owner.",
      });
    return { url: await this.feeds.rotate(membership.dealershipId, channel, dealer.userId) };
  }

  @Get(':dealershipSlug/:channel/file')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary:
      "Download a feed's current file as an attachment (any member of the dealership; not recorded as the channel's fetch)",
  })
  @ApiResponse({ status: 200, description: 'The CSV file, Content-Disposition attachment' })
  @ApiResponse({ status: 404, description: 'Not one of your dealerships, not a channel, or no file written yet' })
  async download(
    @Dealer() dealer: DealerPrincipal,
    @Param('dealershipSlug') slug: string,
    @Param('channel') channel: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const membership = dealer.memberships.find((m) => m.slug === slug);
    if (!membership || !isSyndicationChannel(channel)) throw channelNotFound();
    const feed = await this.feeds.downloadable(membership.dealershipId, channel);
    if (!feed)
      throw notFound(
        'No file yet',
        'This feed has not been written yet: it is, within a few minutes of the channel being turned on.',
      );
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('Content-Disposition', `attachment; filename="${feed.dealership}-${channel}.csv"`);
    response.status(200);
    sendFeed(this.feeds, feed, request, response, false);
  }
}

/** Ops: the current feed URLs of a dealership, for the ops command. */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@Controller('api/ops/dealerships')
export class OpsSyndicationController {
  constructor(private readonly feeds: SyndicationService) {}

  @Get(':dealershipSlug/syndication')
  @ApiOperation({ summary: "A dealership's current syndication feed URLs, one per enabled channel (no rotation)" })
  @ApiResponse({ status: 200, description: '{ dealership, feeds: [{ channel, url }] }' })
  @ApiResponse({ status: 404, description: 'Unknown dealership' })
  async urls(@Param('dealershipSlug') slug: string) {
    const urls = await this.feeds.urls(slug);
    if (!urls) throw notFound('Dealership not found', `No dealership has the slug '${slug}'.`);
    return urls;
  }
}
