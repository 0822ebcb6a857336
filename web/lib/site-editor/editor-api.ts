import { z } from 'zod';

/**
 * The site editor api's answers as the consoles read them (docs/api.md "Site editor"): a layer
 * with its published document and the reader's draft, and its history. Documents stay loose here:
 * the api validates them, and the form is drawn from the schema.
 */
const DocumentSchema = z.looseObject({
  config: z.record(z.string(), z.unknown()),
  locations: z.record(z.string(), z.unknown()).optional(),
});
export type EditorDocument = z.infer<typeof DocumentSchema>;

export const LayerViewSchema = z.looseObject({
  layer: z.string(),
  kind: z.enum(['template', 'site', 'dealership', 'manufacturer']),
  name: z.string(),
  version: z.number().int(),
  published: DocumentSchema,
  draft: z
    .object({
      document: DocumentSchema,
      base_version: z.number().int(),
      author: z.string(),
      updated_at: z.string(),
      stale: z.boolean(),
    })
    .nullable(),
  other_drafts: z.array(z.object({ author: z.string(), updated_at: z.string() })),
  locations: z.array(z.object({ slug: z.string(), name: z.string(), location_type: z.string() })),
  permissions: z.object({ can_draft: z.boolean(), can_publish: z.boolean() }).optional(),
});
export type LayerView = z.infer<typeof LayerViewSchema>;

export const ConfigChangeSchema = z.object({
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type ConfigChangeView = z.infer<typeof ConfigChangeSchema>;

export const HistorySchema = z.object({
  versions: z.array(
    z.object({
      version: z.number().int(),
      author: z.string(),
      published_at: z.string(),
      note: z.string().nullable(),
      rolled_back_to: z.number().int().nullable(),
      changes: z.array(ConfigChangeSchema),
    }),
  ),
});
export type History = z.infer<typeof HistorySchema>;

export const DealerLayersSchema = z.object({
  layers: z.array(z.object({ layer: z.string(), name: z.string(), can_draft: z.boolean(), can_publish: z.boolean() })),
});

/** What an editor action answered, as the editor page shows it. */
export type EditorOutcome =
  | { ok: true; message: string; url?: string; version?: number }
  | { ok: false; message: string; errors: { path: string; message: string }[]; changes?: ConfigChangeView[] };

/**
 * An api problem's field path as the forms key it: 'document.config.marketing.offers[0].expiry'
 * -> { part: 'config', path: ['marketing', 'offers', '0', 'expiry'] }.
 */
export function editorProblemPath(path: string): { part: 'config' | 'locations' | 'other'; path: string[] } {
  const parts = path.split(/[.[\]]+/).filter(Boolean);
  const rest = parts[0] === 'document' || parts[0] === 'version' ? parts.slice(1) : parts;
  const [part, ...tail] = rest;
  return part === 'config' || part === 'locations' ? { part, path: tail } : { part: 'other', path: rest };
}

/** A change's value in a line of the history: short JSON, never a page of it. */
export function changeValue(value: unknown): string {
  if (value === undefined) return '(not set)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}
