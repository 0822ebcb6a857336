export * from './layer-document';
export * from './dealer-fields';
export * from './date-ranges';
