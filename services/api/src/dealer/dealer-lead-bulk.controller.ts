import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { BULK_LEADS_MAX, BULK_UNDO_MINUTES, SAVED_VIEW_NAME_MAX, SAVED_VIEWS_MAX } from '@platform/domain';
import { notFound, ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import {
  batchNotFound,
  DealerLeadBulk,
  type BulkOptions,
  type BulkOutcome,
  type UndoOutcome,
} from './dealer-lead-bulk';
import {
  BulkBatchIdSchema,
  LeadBulkSchema,
  SavedViewCreateSchema,
  SavedViewIdSchema,
  type LeadBulk,
  type SavedViewCreate,
} from './dealer-lead-bulk.schemas';
import { DealerSavedViews, type SavedView } from './dealer-saved-views';
import { Dealer, DealerSignedInGuard } from './dealer-session';

const savedViewNotFound = () => notFound('Saved view not found', 'You have no saved view with this id.');

/**
 * The inbox's tools over many leads (issue 53 item 4): bulk assign and bulk close with undo, and
 * each user's saved views. A batch or view of another user answers exactly as an unknown one.
 */
@ApiTags('Dealer console')
@Controller('api/dealer')
@UseGuards(DealerSignedInGuard)
export class DealerLeadBulkController {
  constructor(
    private readonly bulk: DealerLeadBulk,
    private readonly views: DealerSavedViews,
  ) {}

  @Get('leads/bulk/options')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: 'What bulk assign and bulk close offer: the assignees and the lost reasons',
    description:
      "Owners and salespeople of the dealerships where you answer leads (never a viewer), and those dealerships' leads.lost_reasons. Empty for a viewer.",
  })
  @ApiResponse({ status: 200, description: '{ assignees: [{ id, name }], lostReasons: [text] }' })
  async options(@Dealer() dealer: DealerPrincipal): Promise<BulkOptions> {
    return this.bulk.options(dealer);
  }

  @Post('leads/bulk')
  @HttpCode(200)
  @ApiOperation({
    summary: `Assign or close (as lost) up to ${BULK_LEADS_MAX} leads at once; X-CSRF-Token required`,
    description:
      "Body { action: assign or close, leadIds (1-100), userId? (assign: an owner or salesperson; null unassigns), reason? (close: why they were lost) }. Each lead goes through the single actions' rules in one transaction; a lead that cannot move, or that is not one of your dealerships', is skipped with the reason. Answers { batchId (null when nothing changed), action, changed, assignee, skipped: [{ id, reason }] }.",
  })
  @ApiResponse({ status: 200, description: '{ batchId, action, changed, assignee, skipped: [{ id, reason }] }' })
  @ApiResponse({ status: 400, description: 'action, leadIds, userId or reason invalid: problem names the field' })
  @ApiResponse({ status: 403, description: 'A viewer (read only) at every dealership, or no CSRF token' })
  async apply(
    @Dealer() dealer: DealerPrincipal,
    @Body(new ZodValidationPipe(LeadBulkSchema, 'body')) body: LeadBulk,
  ): Promise<BulkOutcome> {
    return this.bulk.apply(dealer, body);
  }

  @Post('leads/bulk/:batchId/undo')
  @HttpCode(200)
  @ApiOperation({
    summary: `Undo your own bulk change within ${BULK_UNDO_MINUTES} minutes, once; X-CSRF-Token required`,
    description:
      'Each lead nobody acted on since goes back to its status, lost reason and assignee (its first response cleared when the bulk change recorded it); the others are left as they are. Answers { batchId, restored: [id], left: [{ id, reason }] }.',
  })
  @ApiResponse({ status: 200, description: '{ batchId, restored, left: [{ id, reason }] }' })
  @ApiResponse({ status: 404, description: 'Unknown, or another user’s bulk change' })
  @ApiResponse({ status: 409, description: 'Undone already, or too late: errors name batchId' })
  async undo(@Dealer() dealer: DealerPrincipal, @Param('batchId') batchId: string): Promise<UndoOutcome> {
    if (!BulkBatchIdSchema.safeParse(batchId).success) throw batchNotFound();
    return this.bulk.undo(dealer, batchId.toLowerCase());
  }

  @Get('saved-views')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'Your own saved inbox views, by name' })
  @ApiResponse({ status: 200, description: '{ views: [{ id, name, filters, createdAt }] }' })
  async list(@Dealer() dealer: DealerPrincipal): Promise<{ views: SavedView[] }> {
    return { views: await this.views.list(dealer) };
  }

  @Post('saved-views')
  @ApiOperation({
    summary: 'Save the inbox’s filters under a name; X-CSRF-Token required',
    description: `Body { name (1-${SAVED_VIEW_NAME_MAX} characters, unique among yours), filters: { q, status, form, car, dealership, view, sort, from, to } }. Private to you; at most ${SAVED_VIEWS_MAX}.`,
  })
  @ApiResponse({ status: 201, description: '{ id, name, filters, createdAt }' })
  @ApiResponse({ status: 400, description: 'name or a filter invalid: problem names the field' })
  @ApiResponse({
    status: 409,
    description: `The name is taken, or you have ${SAVED_VIEWS_MAX} already: errors name name`,
  })
  async create(
    @Dealer() dealer: DealerPrincipal,
    @Body(new ZodValidationPipe(SavedViewCreateSchema, 'body')) body: SavedViewCreate,
  ): Promise<SavedView> {
    return this.views.create(dealer, body);
  }

  @Delete('saved-views/:viewId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete one of your saved views; X-CSRF-Token required' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 404, description: 'Unknown, or another user’s view' })
  async remove(@Dealer() dealer: DealerPrincipal, @Param('viewId') viewId: string): Promise<void> {
    if (!SavedViewIdSchema.safeParse(viewId).success || !(await this.views.remove(dealer, viewId.toLowerCase())))
      throw savedViewNotFound();
  }
}
