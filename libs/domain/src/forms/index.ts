export * from './number-input';
