export * from './sniff/sniff-photo';
export * from './store/media-store';
export * from './store/local-media-store';
export * from './store/s3-media-store';
export * from './store/media-store-env';
export * from './variants/generate-variants';
export * from './ingest/photo-ingest';
export * from './ingest/media-workers';
