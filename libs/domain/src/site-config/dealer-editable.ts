import type { z } from 'zod';
import { SiteConfigSchema } from './site-config.schema';

/**
 * The settings a dealership's owners may change on their own layer, read from the schema's
 * `dealerEditable` metadata: marking a field there is the one way to open it to dealers.
 */
export const DEALER_EDITABLE_FIELDS: readonly string[] = Object.freeze(
  Object.entries(SiteConfigSchema.shape).flatMap(([group, groupSchema]) =>
    Object.entries((groupSchema as z.ZodObject).shape)
      .filter(([, field]) => (field as z.ZodType).meta()?.['dealerEditable'] === true)
      .map(([field]) => `${group}.${field}`),
  ),
);

const EDITABLE = new Set(DEALER_EDITABLE_FIELDS);

/**
 * Whether a dealership may change the setting at `path` (['marketing', 'banners', '0', 'image']):
 * anything inside a dealer-editable field is; a whole group or anything else is not.
 */
export function isDealerEditablePath(path: readonly string[]): boolean {
  return path.length >= 2 && EDITABLE.has(`${path[0]}.${path[1]}`);
}
