export * from './number-input';
export * from './form-text';
