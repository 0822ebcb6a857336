import { Module } from '@nestjs/common';
import { DealerModule } from '../dealer/dealer.module';
import { FeedsModule } from '../feeds/feeds.module';
import { OpsAuthGuard } from '../ops/ops-auth.guard';
import { PlacesModule } from '../places/places.module';
import { Onboarding } from './onboarding';
import { OnboardingController } from './onboarding.controller';
import { OnboardingOptionsController } from './onboarding-options.controller';
import { OpsSites } from './ops-sites';

/** Onboarding a dealer by API alone, and the ops view of sites (issue 51). */
@Module({
  imports: [DealerModule, FeedsModule, PlacesModule],
  controllers: [OnboardingController, OnboardingOptionsController],
  providers: [Onboarding, OpsSites, OpsAuthGuard],
})
export class OnboardingModule {}
