export * from './delivery';
export * from './distance';
export * from './street-address';
