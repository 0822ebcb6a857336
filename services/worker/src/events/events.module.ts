import { Module } from '@nestjs/common';
import { EventProcessors } from './event-processors';

@Module({ providers: [EventProcessors] })
export class EventsModule {}
