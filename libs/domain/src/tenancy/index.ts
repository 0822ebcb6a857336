export * from './site-hosts';
export * from './onboarding';
export * from './site-retention';
