import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import { DealerLeadReplies, LeadReplySchema, type LeadReplyInput, type ReplyComposer } from './dealer-lead-replies';
import type { LeadDetail } from './dealer-leads';
import { Dealer, DealerSignedInGuard } from './dealer-session';
import { leadNotFound } from './dealer.controller';
import { LeadIdSchema } from './dealer.schemas';

/** Replying to a lead's shopper by email or text from the console (issue 53 item 7). */
@ApiTags('Dealer console')
@Controller('api/dealer')
@UseGuards(DealerSignedInGuard)
export class DealerLeadRepliesController {
  constructor(private readonly replies: DealerLeadReplies) {}

  @Get('leads/:leadId/replies')
  @ApiOperation({
    summary:
      "The lead's reply form: the shopper's email, their mobile if they agreed to texts, and the templates filled",
  })
  @ApiResponse({
    status: 200,
    description: '{ email, sms, smsRefusal, canReply, templates: [{ key, name, subject, email, sms }] }',
  })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead (the same answer)' })
  async composer(@Dealer() dealer: DealerPrincipal, @Param('leadId') leadId: string): Promise<ReplyComposer> {
    const composer = LeadIdSchema.safeParse(leadId).success ? await this.replies.composer(dealer, leadId) : null;
    if (!composer) throw leadNotFound();
    return composer;
  }

  @Post('leads/:leadId/replies')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reply to the shopper by email or SMS; X-CSRF-Token required',
    description:
      "Body { channel: email or sms, subject (email), body, template?, idempotencyKey? }. Sent from the dealership's name by the worker (an email answers to the sender's own address; a text is signed with the dealership's name, and needs the shopper's agreement to be texted). The reply is the lead's first response if it had none (the clock stops) and moves a new lead to contacted. The same idempotencyKey again sends nothing more. Answers the lead as GET does, its replies included.",
  })
  @ApiResponse({
    status: 400,
    description:
      'A field invalid, no email address, no agreement to be texted, an unknown template: problem names the field',
  })
  @ApiResponse({ status: 403, description: 'A viewer of the lead’s dealership (read only), or no CSRF token' })
  @ApiResponse({ status: 404, description: 'Unknown, or another dealership’s lead' })
  async send(
    @Dealer() dealer: DealerPrincipal,
    @Param('leadId') leadId: string,
    @Body(new ZodValidationPipe(LeadReplySchema, 'body')) body: LeadReplyInput,
  ): Promise<LeadDetail> {
    const lead = LeadIdSchema.safeParse(leadId).success ? await this.replies.send(dealer, leadId, body) : null;
    if (!lead) throw leadNotFound();
    return lead;
  }
}
