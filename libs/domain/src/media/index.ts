export * from './photo-variants';
