export * from './layer-document';
export * from './date-ranges';
export * from './image-alt';
