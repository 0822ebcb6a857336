export * from './site-config-store';
