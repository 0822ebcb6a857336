export * from './build-document';
export * from './facets';
export * from './price-bands';
export * from './range';
export * from './search-document';
export * from './search-request';
export * from './search-result';
export * from './visibility-filter';
