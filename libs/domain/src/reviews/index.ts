export * from './star-rating';
