import { Body, Controller, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { notFound, ZodValidationPipe } from '@platform/server-kit';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { DealerAccounts, OPS_ACTOR, type AddedUser } from './dealer-accounts';
import { DealerUserIdSchema, DealerUserInputSchema, type DealerUserInput } from './dealer.schemas';

/** Ops giving a dealership its first users, and a support sign-in link. */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@Controller('api/ops')
export class DealerOpsController {
  constructor(private readonly accounts: DealerAccounts) {}

  @Post('dealerships/:dealershipSlug/users')
  @ApiOperation({
    summary: "Add a dealer user to a dealership (the site's user of the same email gains the dealership)",
  })
  @ApiResponse({ status: 201, description: '{ id, email, name, site, dealerships: [{ slug, role }] }' })
  @ApiResponse({ status: 400, description: 'email, name or role invalid: problem details name the field' })
  @ApiResponse({ status: 404, description: 'Unknown dealership' })
  async addUser(
    @Param('dealershipSlug') slug: string,
    @Body(new ZodValidationPipe(DealerUserInputSchema, 'body')) body: DealerUserInput,
  ): Promise<AddedUser> {
    const added = await this.accounts.addUser(slug, body, OPS_ACTOR);
    if (!added) throw notFound('Dealership not found', `No dealership has the slug '${slug}'.`);
    return added;
  }

  @Post('dealer-users/:userId/sign-in-link')
  @ApiOperation({ summary: 'A one-time sign-in link for a dealer user, valid 15 minutes' })
  @ApiResponse({
    status: 201,
    description: "{ url, expiresAt }: the one-time /dealer/sign-in address on the user's site",
  })
  @ApiResponse({ status: 404, description: 'Unknown dealer user' })
  async signInLink(@Param('userId') userId: string): Promise<{ url: string; expiresAt: string }> {
    const link = DealerUserIdSchema.safeParse(userId).success
      ? await this.accounts.mintSignInLink(userId, OPS_ACTOR)
      : null;
    if (!link) throw notFound('Dealer user not found', `No dealer user has the id '${userId}'.`);
    return { url: await this.accounts.signInUrl(link.siteId, link.token), expiresAt: link.expiresAt.toISOString() };
  }
}
