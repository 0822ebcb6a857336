import { Foundation1763700000000 } from './1763700000000-foundation';

/** Every migration in order. Schema changes are checked-in migrations; never synchronize. */
export const MIGRATIONS = [Foundation1763700000000];
