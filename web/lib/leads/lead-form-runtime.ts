/**
 * What a lead form needs only once the shopper uses it: the shared zod schemas and the submit path.
 * Forms import this lazily; naming the exports here (never `import('@platform/domain')` whole)
 * keeps the domain tree-shaken for everything that imports it statically.
 */
export { leadFormErrors, leadFormSchema } from '@platform/domain';
export { newIdempotencyKey, submitLead } from './submit-lead';
