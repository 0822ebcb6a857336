import { Module } from '@nestjs/common';
import { LeadProcessors } from './lead-processors';

@Module({ providers: [LeadProcessors] })
export class LeadsModule {}
