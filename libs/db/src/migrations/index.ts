import { Foundation1763700000000 } from './1763700000000-foundation';
import { StockPipeline1763800000000 } from './1763800000000-stock-pipeline';
import { CarEvents1763900000000 } from './1763900000000-car-events';

/** Every migration in order. Schema changes are checked-in migrations; never synchronize. */
export const MIGRATIONS = [Foundation1763700000000, StockPipeline1763800000000, CarEvents1763900000000];
