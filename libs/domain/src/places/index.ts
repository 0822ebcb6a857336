export * from './delivery';
export * from './distance';
