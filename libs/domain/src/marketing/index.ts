export * from './sales-counter';
export * from './popup';
