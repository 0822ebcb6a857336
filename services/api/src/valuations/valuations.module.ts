import { Module } from '@nestjs/common';
import { PlatformRegoLookup, REGO_LOOKUP } from './rego-lookup';
import { TradeInValuations } from './trade-in-valuations';

@Module({
  providers: [TradeInValuations, { provide: REGO_LOOKUP, useClass: PlatformRegoLookup }],
  exports: [TradeInValuations],
})
export class ValuationsModule {}
