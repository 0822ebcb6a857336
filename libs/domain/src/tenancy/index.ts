export * from './site-hosts';
