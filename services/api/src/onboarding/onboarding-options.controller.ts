import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { AUSTRALIAN_TIME_ZONES } from '@platform/domain';
import { OpsAuthGuard } from '../ops/ops-auth.guard';

export interface OnboardingOptions {
  templates: { name: string }[];
  manufacturers: { slug: string; name: string }[];
  time_zones: readonly string[];
}

/**
 * What an onboarding document may name that lives in the database: the site templates and the
 * brand records, so the ops console offers choices instead of asking ops to remember names.
 */
@ApiTags('Ops')
@ApiBearerAuth('opsToken')
@UseGuards(OpsAuthGuard)
@Controller('api/ops/onboarding')
export class OnboardingOptionsController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get('options')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'The site templates, brands (manufacturers) and time zones a document may name' })
  async options(): Promise<OnboardingOptions> {
    const [templates, manufacturers] = await Promise.all([
      this.db.query(`SELECT name FROM site_templates ORDER BY name`) as Promise<{ name: string }[]>,
      this.db.query(`SELECT slug, name FROM manufacturers ORDER BY name, slug`) as Promise<
        { slug: string; name: string }[]
      >,
    ]);
    return { templates, manufacturers, time_zones: AUSTRALIAN_TIME_ZONES };
  }
}
