export * from './entities';
export * from './migrations';
export * from './data-source';
export * from './database-admin';
export * from './retention';
export * from './environment';
export * from './dependency-outage';
export * from './feed-run-warnings';
