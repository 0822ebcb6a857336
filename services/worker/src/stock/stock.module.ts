import { Module } from '@nestjs/common';
import { StockProcessors } from './stock-processors';
import { STOCK_PROVIDERS } from './stock.providers';

@Module({ providers: [...STOCK_PROVIDERS, StockProcessors] })
export class StockModule {}
