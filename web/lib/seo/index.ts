export * from './sitemap';
export * from './site-origin';
export * from './load-sitemap';
