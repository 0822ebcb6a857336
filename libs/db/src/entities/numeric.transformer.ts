import type { ValueTransformer } from 'typeorm';

/** pg returns numeric columns as strings to keep precision; ratings and coordinates fit a double. */
export const numericTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value == null ? null : Number(value)),
};
