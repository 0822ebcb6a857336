export * from './photo-variants';
export * from './photo-addresses';
export * from './photo-recheck';
export * from './host-breaker';
export * from './stored-photo';
export * from './stored-photo-schema';
