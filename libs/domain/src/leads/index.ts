export * from './fields';
export * from './lead-forms';
export * from './analytics';
