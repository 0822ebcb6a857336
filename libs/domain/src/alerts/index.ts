export * from './alert-consent';
export * from './alert-grouping';
export * from './alert-schedule';
export * from './car-alerts';
export * from './match-saved-search';
export * from './quiet-hours';
export * from './saved-search';
export * from './saved-search-name';
