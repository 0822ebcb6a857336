export * from './entities';
export * from './hours';
export * from './site-config';
