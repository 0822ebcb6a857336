/**
 * The sort orders a search can ask for (spec 000 §9: most relevant, latest, highest price, lowest
 * price; 'price:asc' is the specification's own value). Kept apart from the zod schemas so browser
 * code can read it without loading them.
 */
export const SORT_VALUES = ['relevance', 'created_at:desc', 'price:desc', 'price:asc'] as const;
