export * from './filter-locations';
export * from './contact-slug';
