export * from './entities';
export * from './site-config';
