import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { notFound, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { DealerAccounts, type DealerPrincipal } from './dealer-accounts';
import { DealerLeads, type LeadDetail, type LeadSummary } from './dealer-leads';
import { DealerSignIn } from './dealer-sign-in';
import { ProblemThrottlerGuard, throttledOnly, THROTTLES } from '../throttling/throttling.module';
import {
  clearDealerSessionCookie,
  consoleSite,
  Dealer,
  DealerSignedInGuard,
  setDealerSessionCookie,
} from './dealer-session';
import {
  DealerCodeRequestSchema,
  DealerCodeSignInSchema,
  LeadIdSchema,
  LeadListQuerySchema,
  SignInLinkSchema,
  type DealerCodeRequest,
  type DealerCodeSignIn,
  type LeadListQuery,
} from './dealer.schemas';

type Me = {
  user: { id: string; email: string; name: string };
  site: string;
  dealerships: { slug: string; name: string; role: string }[];
  csrfToken: string;
};

const me = (dealer: DealerPrincipal): Me => ({
  user: { id: dealer.userId, email: dealer.email, name: dealer.name },
  site: dealer.siteSlug,
  dealerships: dealer.memberships.map(({ slug, name, role }) => ({ slug, name, role })),
  csrfToken: dealer.csrfToken,
});

/** The site of a sign-in: the host's (X-Site-Slug, set by the web) or, from the api's own clients, `site`. */
function requestSite(request: Request, bodySite: string | undefined): string {
  const site = consoleSite(request) ?? bodySite;
  if (site) return site;
  throw new ProblemException({
    status: 400,
    title: 'Which site?',
    detail: 'Name your dealer website: send `site` (its slug, such as north-motors).',
    errors: [{ path: 'site', message: 'Name your dealer website by its slug, such as north-motors.' }],
  });
}

const leadNotFound = (): ProblemException => notFound('Lead not found', 'No lead of your dealerships has this id.');

/**
 * The dealer console's API: a dealer user signs in with an emailed code or a one-time link and then sees and acts on
 * the leads of their own dealerships only. The web console is its first client; a dealer's own
 * tools can call it with the session cookie and the CSRF token from /me.
 */
@ApiTags('Dealer console')
@Controller('api/dealer')
export class DealerController {
  constructor(
    private readonly accounts: DealerAccounts,
    private readonly leads: DealerLeads,
    private readonly signIn: DealerSignIn,
  ) {}

  @Post('sign-in/link')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with a one-time link (from ops or an owner): sets the console session cookie' })
  @ApiResponse({ status: 200, description: '{ user, site, dealerships: [{ slug, name, role }], csrfToken }' })
  @ApiResponse({ status: 400, description: 'The link is unknown, used, expired or for another site' })
  async signInWithLink(
    @Body(new ZodValidationPipe(SignInLinkSchema, 'body')) body: { token: string },
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Me> {
    const site = consoleSite(request);
    const signedIn = await this.accounts.signInWithLink(site, body.token);
    if (!signedIn)
      throw new ProblemException({
        status: 400,
        title: 'Sign-in link not valid',
        detail: 'This sign-in link has expired or has already been used. Ask for a new one.',
        errors: [{ path: 'token', message: 'This sign-in link has expired or has already been used.' }],
      });
    setDealerSessionCookie(response, signedIn.sessionToken, this.accounts.sessionTtlMs);
    const principal = await this.accounts.principal(site, signedIn.sessionToken);
    return me(principal as DealerPrincipal);
  }

  @Post('sign-in/request')
  @HttpCode(202)
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.signInCode))
  @ApiOperation({
    summary: 'Email a one-time sign-in code (and link) to a dealer user',
    description:
      'The same answer whether or not the address belongs to a dealer user of the site (only theirs is written to). The site comes from the host (X-Site-Slug) or `site`. A new code replaces earlier unused ones; at most 5 codes per address per hour (then 429), and SIGN_IN_CODE_LIMIT_PER_HOUR per client.',
  })
  @ApiResponse({ status: 202, description: '{ status: "sent", expires_in_seconds }' })
  @ApiResponse({ status: 400, description: 'email or site invalid: problem details name the field' })
  @ApiResponse({ status: 429, description: 'Too many codes for this address this hour, or from this client' })
  @ApiResponse({ status: 502, description: 'The mail server refused the message; try again' })
  requestCode(
    @Body(new ZodValidationPipe(DealerCodeRequestSchema, 'body')) body: DealerCodeRequest,
    @Req() request: Request,
  ) {
    return this.signIn.requestCode(requestSite(request, body.site), body.email);
  }

  @Post('sign-in/code')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(ProblemThrottlerGuard)
  @SkipThrottle(throttledOnly(THROTTLES.signInVerify))
  @ApiOperation({
    summary: 'Sign in with the emailed code: sets the console session cookie',
    description:
      'Failures are problem details with a reason: wrong_code (attempts left), expired, used, no_code, too_many_attempts (429: request a new code).',
  })
  @ApiResponse({ status: 200, description: '{ user, site, dealerships: [{ slug, name, role }], csrfToken }' })
  @ApiResponse({ status: 400, description: 'Wrong, expired or used code, or none requested: names `code` or `email`' })
  @ApiResponse({ status: 429, description: 'Too many wrong codes: request a new one' })
  async signInWithCode(
    @Body(new ZodValidationPipe(DealerCodeSignInSchema, 'body')) body: DealerCodeSignIn,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Me> {
    const site = requestSite(request, body.site);
    const { sessionToken } = await this.signIn.verifyCode(site, body.email, body.code);
    setDealerSessionCookie(response, sessionToken, this.accounts.sessionTtlMs);
    const principal = await this.accounts.principal(site, sessionToken);
    return me(principal as DealerPrincipal);
  }

  @Get('me')
  @UseGuards(DealerSignedInGuard)
  @ApiOperation({ summary: 'The signed-in dealer user, their dealerships and roles, and the CSRF token' })
  @ApiResponse({
    status: 200,
    description: '{ user: { id, email, name }, site, dealerships: [{ slug, name, role }], csrfToken }',
  })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  whoAmI(@Dealer() dealer: DealerPrincipal): Me {
    return me(dealer);
  }

  @Post('sign-out')
  @HttpCode(204)
  @UseGuards(DealerSignedInGuard)
  @ApiOperation({ summary: 'End the console session (X-CSRF-Token required)' })
  async signOut(@Dealer() dealer: DealerPrincipal, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.accounts.signOut(dealer.sessionId);
    clearDealerSessionCookie(response);
  }

  @Get('leads')
  @UseGuards(DealerSignedInGuard)
  @ApiOperation({
    summary: "Leads of the user's dealerships, newest first",
    description:
      'Filters: dealership (slug), form (kind), q (name, phone, email or stock number), limit (1-100, default 50), before (the createdAt of the last lead shown, for the next page).',
  })
  @ApiResponse({
    status: 200,
    description: '{ leads: [{ id, createdAt, form, dealership, name, email, phone, car }], next }',
  })
  @ApiResponse({ status: 404, description: 'dealership is not one of the user’s' })
  async listLeads(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(LeadListQuerySchema, 'query')) query: LeadListQuery,
  ): Promise<{ leads: LeadSummary[]; next: string | null }> {
    const page = await this.leads.list(dealer, query);
    if (!page) throw notFound('Dealership not found', `You have no dealership '${query.dealership}'.`);
    return page;
  }

  @Get('leads/:leadId')
  @UseGuards(DealerSignedInGuard)
  @ApiOperation({ summary: "One lead of the user's dealerships: answers, car, source, valuation and delivery state" })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead (the same answer)' })
  async lead(@Dealer() dealer: DealerPrincipal, @Param('leadId') leadId: string): Promise<LeadDetail> {
    if (!LeadIdSchema.safeParse(leadId).success) throw leadNotFound();
    const lead = await this.leads.detail(dealer, leadId);
    if (!lead) throw leadNotFound();
    return lead;
  }
}
