export * from './channels';
export * from './csv';
export * from './attribution';
export * from './left-out-reasons';
export * from './listing-source';
export * from './listing';
export * from './vin';
export * from './syndication-settings';
