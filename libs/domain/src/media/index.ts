export * from './photo-variants';
export * from './stored-photo';
