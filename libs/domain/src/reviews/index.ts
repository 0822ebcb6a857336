export * from './review-feed';
export * from './star-rating';
