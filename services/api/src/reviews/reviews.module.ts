import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds/feeds.module';
import { SitesModule } from '../sites/sites.module';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

@Module({
  imports: [SitesModule, FeedsModule],
  controllers: [ReviewsController],
  providers: [ReviewsService],
})
export class ReviewsModule {}
