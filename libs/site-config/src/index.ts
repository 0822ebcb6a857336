export * from './site-config-store';
export * from './host-verification';
export * from './dealership-hours';
