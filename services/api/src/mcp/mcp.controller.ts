import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ProblemException } from '@platform/server-kit';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { ProblemThrottlerGuard, throttledOnly, THROTTLES } from '../throttling/throttling.module';
import { SiteMcpServers } from './mcp-server';
import { McpSites } from './mcp-site';
import { transportProblem } from './transport-checks';

const POST_DESCRIPTION = [
  'The Model Context Protocol over Streamable HTTP (stateless, JSON answers): initialize, tools/list and tools/call',
  'of search_cars, get_car, list_locations, estimate_repayment and send_enquiry, for this site alone.',
  "Reached as /mcp on the site's own host. 404 for an unknown site and where the dealer switched it off",
  '(features.mcp_enabled); MCP_LIMIT_PER_MINUTE requests per client, then 429. See docs/mcp.md.',
].join(' ');

/**
 * Each site's MCP endpoint (issue 55). Stateless: every POST gets its own server and transport, so
 * any api process answers any request and no session is kept; answers are plain JSON, never an
 * open stream. GET (a stream for server-initiated messages) and DELETE (ending a session) have
 * nothing to serve without sessions, and answer 405 as the protocol allows.
 */
@ApiTags('MCP')
@Controller('api/sites/:siteSlug/mcp')
export class McpController {
  constructor(
    private readonly sites: McpSites,
    private readonly servers: SiteMcpServers,
  ) {}

  @Post()
  @HttpCode(200)
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.mcp))
  @ApiOperation({ summary: "The site's MCP endpoint for AI assistants", description: POST_DESCRIPTION })
  @ApiResponse({
    status: 200,
    description: 'A JSON-RPC answer; a tool refusal is a result with isError naming the field',
  })
  @ApiResponse({
    status: 400,
    description: 'Not a JSON-RPC 2.0 message (406 without the MCP Accept header, 415 not JSON): problem details',
  })
  @ApiResponse({ status: 404, description: 'Unknown site, or its MCP endpoint is switched off' })
  @ApiResponse({ status: 429, description: 'Too many requests from this client in a minute' })
  async post(
    @Param('siteSlug', SiteSlugPipe) slug: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const site = await this.sites.open(slug);
    const refused = transportProblem(request);
    if (refused) throw refused;
    const server = this.servers.build(site, { ip: request.ip ?? '', userAgent: request.headers['user-agent'] });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    // Answers hold a shopper's enquiry and the stock as it is now: kept by nothing on the way.
    response.setHeader('Cache-Control', 'no-store');
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, request.body);
  }

  @Get()
  @ApiOperation({ summary: 'No stream to open: 405 (the endpoint is stateless and sends nothing unasked)' })
  @ApiResponse({ status: 405, description: 'Only POST is served' })
  async stream(@Param('siteSlug', SiteSlugPipe) slug: string): Promise<never> {
    return this.onlyPost(slug);
  }

  @Delete()
  @ApiOperation({ summary: 'No session to end: 405 (the endpoint is stateless)' })
  @ApiResponse({ status: 405, description: 'Only POST is served' })
  async endSession(@Param('siteSlug', SiteSlugPipe) slug: string): Promise<never> {
    return this.onlyPost(slug);
  }

  /** 405 for a site that offers the endpoint; the same 404 as POST for one that does not. */
  private async onlyPost(slug: string): Promise<never> {
    await this.sites.open(slug);
    throw new ProblemException(
      {
        status: 405,
        title: 'Method Not Allowed',
        detail:
          'This MCP endpoint is stateless: send every message with POST. It keeps no sessions and opens no streams.',
      },
      { Allow: 'POST' },
    );
  }
}
