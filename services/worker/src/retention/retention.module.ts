import { Module } from '@nestjs/common';
import { SiteRetentionProcessors } from './site-retention-processors';

@Module({ providers: [SiteRetentionProcessors] })
export class RetentionModule {}
