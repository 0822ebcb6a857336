import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ZodValidationPipe } from '@platform/server-kit';
import type { DealerPrincipal } from './dealer-accounts';
import {
  DealerPreferences,
  DeskPreferencesSchema,
  type ConsoleCounts,
  type DeskPreferencesInput,
  type DeskPreferencesView,
} from './dealer-preferences';
import { Dealer, DealerSignedInGuard } from './dealer-session';

/** A signed-in user's own notification settings and shift, and the navigation's live counts. */
@ApiTags('Dealer console')
@Controller('api/dealer')
@UseGuards(DealerSignedInGuard)
export class DealerPreferencesController {
  constructor(private readonly preferences: DealerPreferences) {}

  @Get('me/preferences')
  @ApiOperation({ summary: 'How the signed-in user is told of leads, their quiet hours, and where they take leads' })
  @ApiResponse({
    status: 200,
    description:
      '{ notifyEmail, notifySms, mobile, smsConsentAt, quietStart, quietEnd, dealerships: [{ slug, name, role, takesLeads }] }',
  })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  read(@Dealer() dealer: DealerPrincipal): Promise<DeskPreferencesView> {
    return this.preferences.get(dealer);
  }

  @Put('me/preferences')
  @ApiOperation({
    summary: 'Set your channels, quiet hours and whether you take leads at each of your dealerships (X-CSRF-Token)',
    description:
      '{ notifyEmail, notifySms, mobile, smsConsent, quietStart, quietEnd, dealerships: [{ slug, takesLeads }] }. ' +
      'Replaces the whole set (a mobile or quiet hours left out are cleared); dealerships not listed keep theirs. ' +
      'SMS needs a mobile, and turning it on or changing its number needs smsConsent: true.',
  })
  @ApiResponse({ status: 200, description: 'The preferences as GET answers them' })
  @ApiResponse({
    status: 400,
    description: 'A field invalid, SMS without a mobile or consent, a dealership not yours, a viewer taking leads',
  })
  @ApiResponse({ status: 403, description: 'Missing or wrong CSRF token' })
  write(
    @Dealer() dealer: DealerPrincipal,
    @Body(new ZodValidationPipe(DeskPreferencesSchema, 'body')) body: DeskPreferencesInput,
  ): Promise<DeskPreferencesView> {
    return this.preferences.put(dealer, body);
  }

  @Get('counts')
  @ApiOperation({
    summary:
      "The navigation's counts over your dealerships: New, overdue and your New leads; active holds; your tasks due",
  })
  @ApiResponse({
    status: 200,
    description: '{ leads: { new, overdue, mine }, reservations: { active }, tasks: { due, overdue } }',
  })
  @ApiResponse({ status: 401, description: 'Not signed in' })
  counts(@Dealer() dealer: DealerPrincipal): Promise<ConsoleCounts> {
    return this.preferences.counts(dealer);
  }
}
