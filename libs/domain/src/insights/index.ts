export * from './segments';
export * from './benchmarks';
export * from './rating';
export * from './comparables';
export * from './market-averages';
export * from './ageing';
