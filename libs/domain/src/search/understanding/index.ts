export * from './aliases';
export * from './vocabulary';
export * from './weekly-budget';
export * from './understand';
export * from './understanding-score';
export { sentenceWords } from './tokens';
export * from './labels';
export * from './chips';
export * from './suggest';
