import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { notFound, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { DealerAccounts, type DealerPrincipal } from './dealer-accounts';
import { DealerLeads, type LeadDetail, type LeadSummary } from './dealer-leads';
import {
  clearDealerSessionCookie,
  consoleSite,
  Dealer,
  DealerSignedInGuard,
  setDealerSessionCookie,
} from './dealer-session';
import { LeadIdSchema, LeadListQuerySchema, SignInLinkSchema, type LeadListQuery } from './dealer.schemas';

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

const leadNotFound = (): ProblemException => notFound('Lead not found', 'No lead of your dealerships has this id.');

/**
 * The dealer console's API: a dealer user signs in with a one-time link and then sees and acts on
 * the leads of their own dealerships only. The web console is its first client; a dealer's own
 * tools can call it with the session cookie and the CSRF token from /me.
 */
@ApiTags('Dealer console')
@Controller('api/dealer')
export class DealerController {
  constructor(
    private readonly accounts: DealerAccounts,
    private readonly leads: DealerLeads,
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
