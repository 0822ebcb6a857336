import { Module } from '@nestjs/common';
import { AlertProcessors } from './alert-processors';

@Module({ providers: [AlertProcessors] })
export class AlertsModule {}
