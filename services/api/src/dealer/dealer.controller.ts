import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { notFound, ProblemException, ZodValidationPipe } from '@platform/server-kit';
import { DealerAccounts, type DealerPrincipal } from './dealer-accounts';
import { DealerLeads, EXPORT_LIMIT, type LeadDetail, type LeadNote, type LeadSummary } from './dealer-leads';
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
  LeadAssigneeSchema,
  LeadCallSchema,
  LeadFiltersSchema,
  LeadIdSchema,
  LeadListQuerySchema,
  LeadNoteSchema,
  LeadStatusChangeSchema,
  SignInLinkSchema,
  type DealerCodeRequest,
  type DealerCodeSignIn,
  type LeadAssignee,
  type LeadCall,
  type LeadFilters,
  type LeadListQuery,
  type LeadStatusChange,
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

export const leadNotFound = (): ProblemException =>
  notFound('Lead not found', 'No lead of your dealerships has this id.');

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
      'The same answer, at the same speed, whether or not the address belongs to a dealer user of the site (only theirs is written to, after the answer). The site comes from the host (X-Site-Slug) or `site`. A new code replaces earlier unused ones; at most 5 codes per address per hour (then 429), and SIGN_IN_CODE_LIMIT_PER_HOUR per client.',
  })
  @ApiResponse({ status: 202, description: '{ status: "sent", expires_in_seconds }' })
  @ApiResponse({ status: 400, description: 'email or site invalid: problem details name the field' })
  @ApiResponse({ status: 429, description: 'Too many codes for this address this hour, or from this client' })
  requestCode(
    @Body(new ZodValidationPipe(DealerCodeRequestSchema, 'body')) body: DealerCodeRequest,
    @Req() request: Request,
  ) {
    return this.signIn.requestCode(requestSite(request, body.site), body.email, body.next);
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
      "Filters: dealership (slug), form (kind), status (new, contacted, won, lost), car (stock number), q (name, phone, email or stock number), view (mine, unassigned, overdue, today), from and to (YYYY-MM-DD, days on the dealership's calendar, both included), limit (1-100, default 50), before (the createdAt of the last lead shown, for the next page), after (the createdAt of the newest lead shown: only newer leads, for the inbox's poll), sort (newest, the default, or due: unanswered leads first, soonest due first, one page). Each lead carries its first-response clock: response { dueAt, firstResponseAt, state: answered, on_time, due_soon or overdue }.",
  })
  @ApiResponse({
    status: 200,
    description:
      '{ leads: [{ id, createdAt, form, dealership, name, email, phone, car, status, lostReason, assignee, response }], next }',
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

  @Get('leads/views')
  @UseGuards(DealerSignedInGuard)
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: 'How many leads each inbox view holds: all, mine, unassigned, overdue, today',
    description:
      "The list's filters (dealership, form, status, car, q, from, to) apply; the view filter does not. Overdue: no first response, still new, past its due time. Today: received since midnight on the dealership's clock.",
  })
  @ApiResponse({ status: 200, description: '{ views: { all, mine, unassigned, overdue, today } }' })
  @ApiResponse({ status: 404, description: 'dealership is not one of the user’s' })
  async leadViews(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(LeadFiltersSchema.strip(), 'query')) query: LeadFilters,
  ): Promise<{ views: Record<string, number> }> {
    const views = await this.leads.viewCounts(dealer, query);
    if (!views) throw notFound('Dealership not found', `You have no dealership '${query.dealership}'.`);
    return { views };
  }

  @Get('leads.csv')
  @UseGuards(DealerSignedInGuard)
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: 'The filtered leads as CSV for a spreadsheet',
    description: `An owner's right: the leads of the dealerships the user owns, with the list's filters (dealership, form, status, car, q, view, from, to), newest first, at most ${EXPORT_LIMIT} rows; each export is logged in the dealership's audit log (who, rows, filters). Received is the dealership's wall-clock time (its zone in the next column); form and status in the console's words. UTF-8 with a byte order mark (Excel); a cell starting with = + - @ tab or CR is prefixed with ' so it never runs as a formula.`,
  })
  @ApiResponse({ status: 200, description: 'text/csv attachment' })
  @ApiResponse({ status: 403, description: 'The user owns none of the dealerships asked for' })
  @ApiResponse({ status: 404, description: 'dealership is not one of the user’s' })
  async exportLeads(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(LeadFiltersSchema.strip(), 'query')) query: LeadFilters,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const csv = await this.leads.csv(dealer, query);
    if (csv === null) throw notFound('Dealership not found', `You have no dealership '${query.dealership}'.`);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    return csv;
  }

  @Get('leads/:leadId')
  @UseGuards(DealerSignedInGuard)
  @ApiOperation({
    summary:
      "One lead of the user's dealerships: answers, car, source, valuation, delivery state, status, assignee, notes and history",
  })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead (the same answer)' })
  async lead(@Dealer() dealer: DealerPrincipal, @Param('leadId') leadId: string): Promise<LeadDetail> {
    if (!LeadIdSchema.safeParse(leadId).success) throw leadNotFound();
    const lead = await this.leads.detail(dealer, leadId);
    if (!lead) throw leadNotFound();
    return lead;
  }

  @Post('leads/:leadId/status')
  @HttpCode(200)
  @UseGuards(DealerSignedInGuard)
  @ApiOperation({
    summary: 'Move a lead: new -> contacted -> won / lost (lost needs a reason); X-CSRF-Token required',
    description:
      'Body { status, reason? }. A closed lead may be reopened to contacted; nothing returns to new. Answers the lead as GET does.',
  })
  @ApiResponse({
    status: 400,
    description: 'status or reason invalid (a lost lead needs a reason): problem names the field',
  })
  @ApiResponse({ status: 403, description: 'A viewer of the lead’s dealership (read only), or no CSRF token' })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead' })
  @ApiResponse({ status: 409, description: 'Not a move the lead can make from its status: errors name status' })
  async changeStatus(
    @Dealer() dealer: DealerPrincipal,
    @Param('leadId') leadId: string,
    @Body(new ZodValidationPipe(LeadStatusChangeSchema, 'body')) body: LeadStatusChange,
  ): Promise<LeadDetail> {
    return found(LeadIdSchema.safeParse(leadId).success ? await this.leads.changeStatus(dealer, leadId, body) : null);
  }

  @Post('leads/:leadId/assignee')
  @HttpCode(200)
  @UseGuards(DealerSignedInGuard)
  @ApiOperation({
    summary: 'Assign a lead to a user of its dealership, or unassign it; X-CSRF-Token required',
    description: 'Body { userId } (null to unassign). Answers the lead as GET does.',
  })
  @ApiResponse({ status: 400, description: 'userId is not a user of the lead’s dealership' })
  @ApiResponse({ status: 403, description: 'A viewer of the lead’s dealership (read only), or no CSRF token' })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead' })
  async assign(
    @Dealer() dealer: DealerPrincipal,
    @Param('leadId') leadId: string,
    @Body(new ZodValidationPipe(LeadAssigneeSchema, 'body')) body: LeadAssignee,
  ): Promise<LeadDetail> {
    return found(LeadIdSchema.safeParse(leadId).success ? await this.leads.assign(dealer, leadId, body.userId) : null);
  }

  @Post('leads/:leadId/calls')
  @HttpCode(200)
  @UseGuards(DealerSignedInGuard)
  @ApiOperation({
    summary: 'Log a call to the shopper; X-CSRF-Token required',
    description:
      "Body { outcome: spoke, left_message or no_answer, note? }. The call is the lead's first response if it had none (the clock stops); a call where they spoke moves a new lead to contacted; the note is kept as a private note. Answers the lead as GET does.",
  })
  @ApiResponse({ status: 400, description: 'outcome or note invalid: problem names the field' })
  @ApiResponse({ status: 403, description: 'A viewer of the lead’s dealership (read only), or no CSRF token' })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead' })
  async logCall(
    @Dealer() dealer: DealerPrincipal,
    @Param('leadId') leadId: string,
    @Body(new ZodValidationPipe(LeadCallSchema, 'body')) body: LeadCall,
  ): Promise<LeadDetail> {
    return found(LeadIdSchema.safeParse(leadId).success ? await this.leads.logCall(dealer, leadId, body) : null);
  }

  @Post('leads/:leadId/notes')
  @UseGuards(DealerSignedInGuard)
  @ApiOperation({
    summary: 'Add a private note to a lead (1-2000 characters); X-CSRF-Token required',
    description: 'Body { body }. Seen only in the console by the users of the lead’s dealership.',
  })
  @ApiResponse({ status: 201, description: '{ id, body, author: { id, name }, createdAt }' })
  @ApiResponse({ status: 400, description: 'body empty, too long or not plain text' })
  @ApiResponse({ status: 403, description: 'A viewer of the lead’s dealership (read only), or no CSRF token' })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead' })
  async addNote(
    @Dealer() dealer: DealerPrincipal,
    @Param('leadId') leadId: string,
    @Body(new ZodValidationPipe(LeadNoteSchema, 'body')) body: { body: string },
  ): Promise<LeadNote> {
    return found(LeadIdSchema.safeParse(leadId).success ? await this.leads.addNote(dealer, leadId, body.body) : null);
  }
}

/** A lead change's answer, or the same 404 as an unknown lead. */
function found<T>(value: T | null): T {
  if (value === null) throw leadNotFound();
  return value;
}
