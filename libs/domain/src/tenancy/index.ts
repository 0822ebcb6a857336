export * from './site-hosts';
export * from './onboarding';
