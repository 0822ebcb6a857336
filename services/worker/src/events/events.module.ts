import { Module } from '@nestjs/common';
import { EventProcessors } from './event-processors';
import { InsightsEmailProcessor } from './insights-email-processor';

@Module({ providers: [EventProcessors, InsightsEmailProcessor] })
export class EventsModule {}
