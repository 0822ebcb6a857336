import { Module } from '@nestjs/common';
import { HostProcessors } from './host-processors';

@Module({ providers: [HostProcessors] })
export class HostsModule {}
