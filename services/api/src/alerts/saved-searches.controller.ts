import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  FollowCarBodySchema,
  SaveSearchBodySchema,
  UpdateSavedSearchBodySchema,
  type FollowCarBody,
  type SaveSearchBody,
  type UpdateSavedSearchBody,
} from '@platform/domain';
import { MAX_UNSUBSCRIBE_TOKEN_LENGTH } from '@platform/leads';
import { ZodValidationPipe } from '@platform/server-kit';
import type { SignedInShopper } from '../sign-in/session-reader';
import { CurrentShopper, SignedInGuard, signInRequired } from '../sign-in/signed-in.guard';
import { SiteDirectory } from '../sites/site-directory';
import { SiteSlugPipe } from '../sites/site-slug.pipe';
import { SavedSearchesService } from './saved-searches.service';

const SavedSearchIdPipe = new ZodValidationPipe(z.uuid({ error: 'Not a saved search id' }), 'saved search id');
const CarIdPipe = new ZodValidationPipe(
  z.coerce
    .number({ error: 'car_id must be a car id' })
    .int('car_id must be a car id')
    .positive('car_id must be a car id')
    .max(2_147_483_647, 'car_id must be a car id'),
  'car id',
);
const WithdrawSourcePipe = new ZodValidationPipe(
  z.enum(['watchlist', 'vehicle_page'], { error: "source is 'watchlist' or 'vehicle_page'" }).default('watchlist'),
  'source',
);
const TokenPipe = new ZodValidationPipe(
  z
    .string({ error: 'token is required' })
    .min(1, 'token is required')
    .max(MAX_UNSUBSCRIBE_TOKEN_LENGTH, 'Not a valid unsubscribe link'),
  'unsubscribe link',
);

/** The shopper, when their session belongs to this site; another site's session reads as signed out. */
const onSite = (shopper: SignedInShopper, site: string): SignedInShopper => {
  if (shopper.siteSlug !== site) throw signInRequired();
  return shopper;
};

/** Saved searches and followed cars of the signed-in shopper (issue 24). */
@ApiTags('Saved searches and alerts')
@Controller('api/sites/:siteSlug')
export class SavedSearchesController {
  constructor(
    private readonly searches: SavedSearchesService,
    private readonly sites: SiteDirectory,
  ) {}

  @Post('saved-searches')
  @UseGuards(SignedInGuard)
  @HttpCode(201)
  @ApiOperation({
    summary: 'Save the current search',
    description:
      "{ criteria: { query, sortBy, filters, ranges }, page_path, name?, channels: ['email'|'sms'] (default [], no alerts; each one ticked is a consent, stored with its wording), frequency: instant|digest, email? } -> 201 { saved_search } (with its consents). The name defaults to a summary ('Used Toyota RAV4 under $40,000 in VIC').",
  })
  @ApiResponse({ status: 400, description: 'Names each invalid field' })
  @ApiResponse({ status: 401, description: 'Not signed in on this site' })
  @ApiResponse({ status: 409, description: 'The shopper already keeps the most saved searches allowed' })
  async save(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @CurrentShopper() shopper: SignedInShopper,
    @Body(new ZodValidationPipe(SaveSearchBodySchema, 'saved search')) body: SaveSearchBody,
  ) {
    return { saved_search: await this.searches.save(onSite(shopper, site), body) };
  }

  @Get('saved-searches')
  @UseGuards(SignedInGuard)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The shopper’s saved searches, newest first, with new matches since their last visit' })
  list(@Param('siteSlug', SiteSlugPipe) site: string, @CurrentShopper() shopper: SignedInShopper) {
    return this.searches.list(onSite(shopper, site));
  }

  @Post('saved-searches/seen')
  @UseGuards(SignedInGuard)
  @HttpCode(200)
  @ApiOperation({ summary: 'The shopper has seen their saved searches: new-match counts start again ({ seen: true })' })
  async seen(@Param('siteSlug', SiteSlugPipe) site: string, @CurrentShopper() shopper: SignedInShopper) {
    await this.searches.markSeen(onSite(shopper, site));
    return { seen: true };
  }

  @Patch('saved-searches/:id')
  @UseGuards(SignedInGuard)
  @ApiOperation({
    summary: 'Rename a saved search, or change its channels (consents given or withdrawn at once) and frequency',
    description:
      '{ name?, channels?, frequency?, email?, paused?: true } (paused: true withdraws every channel) -> { saved_search }',
  })
  @ApiResponse({ status: 404, description: 'Not a saved search of this shopper' })
  async update(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('id', SavedSearchIdPipe) id: string,
    @CurrentShopper() shopper: SignedInShopper,
    @Body(new ZodValidationPipe(UpdateSavedSearchBodySchema, 'saved search')) body: UpdateSavedSearchBody,
  ) {
    return { saved_search: await this.searches.update(onSite(shopper, site), id, body) };
  }

  @Delete('saved-searches/:id')
  @UseGuards(SignedInGuard)
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a saved search and its alerts' })
  async remove(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('id', SavedSearchIdPipe) id: string,
    @CurrentShopper() shopper: SignedInShopper,
  ) {
    await this.searches.remove(onSite(shopper, site), id);
  }

  @Post('follows')
  @UseGuards(SignedInGuard)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Follow a car: it joins the watchlist and its price drop, reservation and sale alert the shopper',
    description:
      "{ car_id, channels: ['email'|'sms'] (at least one; each a consent, stored with its wording), frequency: instant|digest, email?, source?: vehicle_page|watchlist } -> { following: true }",
  })
  @ApiResponse({ status: 404, description: 'Not a car this site shows' })
  follow(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @CurrentShopper() shopper: SignedInShopper,
    @Body(new ZodValidationPipe(FollowCarBodySchema, 'follow')) body: FollowCarBody,
  ) {
    return this.searches.follow(onSite(shopper, site), body);
  }

  @Get('follows/:carId')
  @UseGuards(SignedInGuard)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: '{ following, saved } for one car' })
  following(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('carId', CarIdPipe) carId: number,
    @CurrentShopper() shopper: SignedInShopper,
  ) {
    return this.searches.following(onSite(shopper, site), carId);
  }

  @Delete('follows/:carId')
  @UseGuards(SignedInGuard)
  @ApiOperation({
    summary: 'Stop a car’s alerts (its consents withdrawn at once); it stays on the watchlist',
    description:
      '?source=watchlist|vehicle_page (default watchlist) is recorded with the withdrawal -> { following: false }',
  })
  unfollow(
    @Param('siteSlug', SiteSlugPipe) site: string,
    @Param('carId', CarIdPipe) carId: number,
    @Query('source', WithdrawSourcePipe) source: 'watchlist' | 'vehicle_page',
    @CurrentShopper() shopper: SignedInShopper,
  ) {
    return this.searches.unfollow(onSite(shopper, site), carId, source);
  }

  @Get('alerts/unsubscribe')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'What an unsubscribe link stops (no sign-in): { kind: saved_search|car|all, name, active }',
  })
  @ApiResponse({ status: 400, description: 'Not a valid link' })
  async describe(@Param('siteSlug', SiteSlugPipe) slug: string, @Query('token', TokenPipe) token: string) {
    const site = await this.sites.bySlug(slug);
    return this.searches.describeUnsubscribe(site.id, token);
  }

  @Post('alerts/unsubscribe')
  @HttpCode(200)
  @ApiOperation({
    summary: 'One-click unsubscribe (RFC 8058): POST with the link’s token, any body; no sign-in',
  })
  @ApiResponse({ status: 400, description: 'Not a valid link' })
  async unsubscribe(@Param('siteSlug', SiteSlugPipe) slug: string, @Query('token', TokenPipe) token: string) {
    const site = await this.sites.bySlug(slug);
    return this.searches.unsubscribe(site.id, token);
  }
}
