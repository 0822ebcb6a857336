import { z } from 'zod';
import type { DealerRole } from '../accounts';
import { SiteConfigLayerSchema, type SiteConfigLayer } from '../site-config/site-config.schema';
import { LocationHoursSchema, LocationSlugSchema, type LocationHours } from '../tenancy/onboarding';

/**
 * What the site editor edits, drafts, publishes and rolls back (issue 52): one configuration
 * layer, and for a dealership also its locations' opening hours, which live in their own tables
 * but change with the rest (Christmas hours beside a Christmas banner), so a version holds both and
 * a rollback restores both.
 */
export const LAYER_KINDS = ['template', 'site', 'dealership', 'manufacturer'] as const;
export type LayerKind = (typeof LAYER_KINDS)[number];

export const LayerDocumentSchema = z.strictObject({
  config: SiteConfigLayerSchema,
  /** By location slug; only a dealership's document has them, and only its own locations. */
  locations: z.record(LocationSlugSchema, LocationHoursSchema).optional(),
});
export interface LayerDocument {
  config: SiteConfigLayer;
  locations?: Record<string, LocationHours>;
}

/** Who may do what in the editor, by dealer role: viewers read, sales draft and preview, owners publish. */
export const EDITOR_ROLES: Readonly<Record<'draft' | 'publish', readonly DealerRole[]>> = {
  draft: ['owner', 'sales'],
  publish: ['owner'],
};

/** A layer's name in the api and its storage: 'site:12', 'dealership:34', 'template:showroom', 'manufacturer:5'. */
export const layerKey = (kind: LayerKind, id: number | string): string => `${kind}:${id}`;

/** The cookie a preview link sets on the site's own host: its holder's pages show the draft. */
export const PREVIEW_COOKIE = 'platform_preview';
/** Where a preview link lands (and /_preview/exit leaves the preview). */
export const PREVIEW_PATH = '/_preview';
