export * from './test-database';
export * from './test-redis';
export * from './stock-fixture';
export * from './redis-server';
export * from './eventually';
export * from './prometheus';
export * from './fake-stripe';
export * from './tcp-gate';
