import { Module } from '@nestjs/common';
import { SyndicationProcessors } from './syndication-processors';

@Module({ providers: [SyndicationProcessors] })
export class SyndicationModule {}
