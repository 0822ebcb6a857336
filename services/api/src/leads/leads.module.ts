import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { CarsModule } from '../cars/cars.module';
import { SitesModule } from '../sites/sites.module';
import { ValuationsModule } from '../valuations/valuations.module';
import { CAPTCHA_VERIFIER, HttpCaptchaVerifier } from './captcha-verifier';
import { LeadTargets } from './lead-targets';
import { LeadsController } from './leads.controller';
import { LeadsService } from './leads.service';

@Module({
  imports: [SitesModule, CarsModule, ValuationsModule, AnalyticsModule],
  controllers: [LeadsController],
  providers: [LeadsService, LeadTargets, { provide: CAPTCHA_VERIFIER, useClass: HttpCaptchaVerifier }],
  // The MCP endpoint's send_enquiry stores its leads through the very same service as the forms.
  exports: [LeadsService],
})
export class LeadsModule {}
