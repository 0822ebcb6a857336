import { z } from 'zod';

// Feeds and APIs often send numbers as strings ("29990", "-37.81"); accept both, output a number.
const numericString = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;

export const FeedNumberSchema = z.preprocess(numericString, z.number());
export const FeedIntSchema = z.preprocess(numericString, z.int());
export const IdSchema = z.preprocess(numericString, z.int().positive());

// Codes such as postcodes and licence numbers sometimes arrive as numbers; keep them as text.
export const FeedStringSchema = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string());
