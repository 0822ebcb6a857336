export * from './layer-document';
export * from './date-ranges';
