export * from './site-config.schema';
export * from './platform-defaults';
export * from './merge';
export * from './site-origin';
export * from './list-edit';
export * from './config-changes';
