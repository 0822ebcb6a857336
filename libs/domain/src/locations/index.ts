export * from './filter-locations';
export * from './contact-slug';
export * from './location-tabs';
export * from './directions';
export * from './holiday-hours';
export * from './locations-block';
export * from './contact-modal';
