export * from './entities';
export * from './hours';
export * from './site-config';
export * from './finance';
export * from './search';
export * from './stock';
