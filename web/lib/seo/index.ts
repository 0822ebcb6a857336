export * from './sitemap';
export * from './site-origin';
