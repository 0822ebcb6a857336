export * from './sales-counter';
export * from './popup';
export * from './banners';
export * from './brand-directory';
export * from './offers';
export * from './servicing-claims';
export * from './campaign';
