import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { notFound, ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import { Dealer, DealerSignedInGuard } from './dealer-session';
import { DealerUsers, type AuditEntryView, type DealerUserView } from './dealer-users';
import {
  AuditQuerySchema,
  DealerInviteSchema,
  DealershipQuerySchema,
  DealerRoleChangeSchema,
  DealerUserIdSchema,
  type AuditQuery,
  type DealerInvite,
  type DealerRoleChange,
  type DealershipQuery,
} from './dealer.schemas';

/** A user id that is not a UUID names no user: the same 404 as an unknown one, before any query. */
function knownUserId(userId: string): void {
  if (!DealerUserIdSchema.safeParse(userId).success)
    throw notFound('User not found', `No user of your dealership has the id '${userId}'.`);
}

/** Owners' management of their own dealerships' users, and the audit log of every change. */
@ApiTags('Dealer console')
@Controller('api/dealer')
@UseGuards(DealerSignedInGuard)
export class DealerUsersController {
  constructor(private readonly users: DealerUsers) {}

  @Get('users')
  @ApiOperation({ summary: "The users of the dealerships the signed-in owner owns, with each one's role there" })
  @ApiResponse({
    status: 200,
    description: '{ users: [{ id, email, name, lastSignedInAt, dealerships: [{ slug, name, role }] }] }',
  })
  @ApiResponse({ status: 403, description: 'Not an owner of any dealership' })
  async list(@Dealer() dealer: DealerPrincipal): Promise<{ users: DealerUserView[] }> {
    return { users: await this.users.list(dealer) };
  }

  @Post('users')
  @ApiOperation({
    summary:
      'Invite a user to one of your dealerships (one already there is given this role); they are emailed how to sign in',
  })
  @ApiResponse({ status: 201, description: 'The user: { id, email, name, lastSignedInAt, dealerships }' })
  @ApiResponse({ status: 400, description: 'email, name, role or dealership invalid: problem details name the field' })
  @ApiResponse({ status: 403, description: 'Not an owner' })
  @ApiResponse({ status: 404, description: 'A dealership you do not own' })
  @ApiResponse({ status: 409, description: 'The change would leave the dealership without an owner' })
  invite(
    @Dealer() dealer: DealerPrincipal,
    @Body(new ZodValidationPipe(DealerInviteSchema, 'body')) body: DealerInvite,
  ): Promise<DealerUserView> {
    const { dealership, ...input } = body;
    return this.users.invite(dealer, dealership, input);
  }

  @Patch('users/:userId')
  @ApiOperation({
    summary: 'Give a user of one of your dealerships another role there ({ dealership, role }); they are emailed',
    description: 'The same role again changes nothing. It never adds a user: one not in that dealership is a 404.',
  })
  @ApiResponse({ status: 200, description: 'The user: { id, email, name, lastSignedInAt, dealerships }' })
  @ApiResponse({ status: 400, description: 'dealership or role invalid: problem details name the field' })
  @ApiResponse({ status: 403, description: 'Not an owner' })
  @ApiResponse({ status: 404, description: 'Not a user of a dealership you own (the same answer as unknown)' })
  @ApiResponse({ status: 409, description: "The dealership's last owner" })
  changeRole(
    @Dealer() dealer: DealerPrincipal,
    @Param('userId') userId: string,
    @Body(new ZodValidationPipe(DealerRoleChangeSchema, 'body')) body: DealerRoleChange,
  ): Promise<DealerUserView> {
    knownUserId(userId);
    return this.users.changeRole(dealer, body.dealership, userId, body.role);
  }

  @Delete('users/:userId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a user from one of your dealerships (?dealership=slug); one left in none is signed out',
  })
  @ApiResponse({ status: 404, description: 'Not a user of a dealership you own (the same answer as unknown)' })
  @ApiResponse({ status: 409, description: "The dealership's last owner" })
  async remove(
    @Dealer() dealer: DealerPrincipal,
    @Param('userId') userId: string,
    @Query(new ZodValidationPipe(DealershipQuerySchema, 'query')) query: DealershipQuery,
  ): Promise<void> {
    knownUserId(userId);
    await this.users.remove(dealer, query.dealership, userId);
  }

  @Get('audit')
  @ApiOperation({
    summary: "Your dealerships' audit log, newest first: who changed what, when",
    description: 'Filters: dealership (slug), limit (1-100, default 50), before (the page’s next).',
  })
  @ApiResponse({ status: 200, description: '{ entries: [{ id, at, dealership, actor, action, detail }], next }' })
  @ApiResponse({ status: 403, description: 'Not an owner' })
  @ApiResponse({ status: 404, description: 'A dealership you do not own' })
  audit(
    @Dealer() dealer: DealerPrincipal,
    @Query(new ZodValidationPipe(AuditQuerySchema, 'query')) query: AuditQuery,
  ): Promise<{ entries: AuditEntryView[]; next: string | null }> {
    return this.users.audit(dealer, query);
  }
}
