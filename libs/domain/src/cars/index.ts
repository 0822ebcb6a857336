export * from './car-rule-input';
export * from './stock-status';
export * from './reservation';
export * from './card-tag';
export * from './price-display';
export * from './market-badge';
export * from './phone';
export * from './similar-price-band';
