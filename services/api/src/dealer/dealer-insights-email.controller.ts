import { Controller, Get, Header, Headers, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { MAX_INSIGHTS_UNSUBSCRIBE_TOKEN_LENGTH, readInsightsUnsubscribeToken } from '@platform/leads';
import { ENV, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import type { ApiEnv } from '../env';

const TokenPipe = new ZodValidationPipe(
  z
    .string({ error: 'token is required' })
    .min(1, 'token is required')
    .max(MAX_INSIGHTS_UNSUBSCRIBE_TOKEN_LENGTH, 'Not a valid unsubscribe link'),
  'unsubscribe link',
);

const invalidLink = () =>
  new ProblemException({
    status: 400,
    title: 'Invalid unsubscribe link',
    detail: 'This unsubscribe link is not valid. Please use the link from your latest insights email.',
    errors: [{ path: 'token', message: 'Not a valid unsubscribe link' }],
  });

/**
 * The weekly stock insights email's unsubscribe (issue 41), without signing in: the signed token
 * names the dealer user; it works only on their own site (the host the link was sent for). The GET
 * says what the link stops (the page asks before stopping); the POST is RFC 8058's one-click.
 */
@ApiTags('Dealer console')
@Controller('api/dealer/insights/email/unsubscribe')
export class DealerInsightsEmailController {
  constructor(
    @Inject(ENV) private readonly env: ApiEnv,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  private async user(
    token: string,
    site: string | undefined,
  ): Promise<{ id: string; email: string; subscribed: boolean }> {
    const id = readInsightsUnsubscribeToken(this.env.ALERT_LINK_SECRET, token);
    if (!id || typeof site !== 'string' || site.length > 100) throw invalidLink();
    const [row] = (await this.db.query(
      `SELECT u.id, u.email, NOT EXISTS (SELECT 1 FROM dealer_insights_email_opt_outs o WHERE o.user_id = u.id) AS subscribed
       FROM dealer_users u JOIN sites s ON s.id = u.site_id WHERE u.id = $1 AND s.slug = $2`,
      [id, site],
    )) as { id: string; email: string; subscribed: boolean }[];
    // A removed user has nothing left to stop; another site's link is not this site's to use.
    if (!row) throw invalidLink();
    return row;
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'What a weekly insights email unsubscribe link stops (no sign-in): { email, subscribed }' })
  @ApiResponse({ status: 400, description: 'Not a valid link (problem details naming token)' })
  async describe(@Query('token', TokenPipe) token: string, @Headers('x-site-slug') site: string | undefined) {
    const user = await this.user(token, site);
    return { email: user.email, subscribed: user.subscribed };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'One-click unsubscribe from the weekly insights email (RFC 8058): POST with the link’s token; no sign-in',
  })
  @ApiResponse({ status: 200, description: '{ unsubscribed: true } (also when already unsubscribed)' })
  @ApiResponse({ status: 400, description: 'Not a valid link (problem details naming token)' })
  async unsubscribe(@Query('token', TokenPipe) token: string, @Headers('x-site-slug') site: string | undefined) {
    const user = await this.user(token, site);
    await this.db.query(`INSERT INTO dealer_insights_email_opt_outs (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [
      user.id,
    ]);
    return { unsubscribed: true };
  }
}
