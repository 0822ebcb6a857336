export * from './opening-hours';
export * from './group-opening-hours';
export * from './test-drive-slots';
export * from './weekly-hours';
export * from './business-clock';
export * from './open-now';
