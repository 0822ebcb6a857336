import { z } from 'zod';
import { ZodValidationPipe } from '@platform/server-kit';

export const SiteSlugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Use a site slug: lower-case letters, digits and hyphens');

/** Validates the {siteSlug} path parameter of every site endpoint. */
export const SiteSlugPipe = new ZodValidationPipe(SiteSlugSchema, 'site slug');
