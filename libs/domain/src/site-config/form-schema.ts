import { z } from 'zod';
import { isDealerEditablePath } from './dealer-editable';
import { SiteConfigLayerObjectSchema, SiteConfigSchema } from './site-config.schema';

/** Who edits a layer: a dealership's owners (dealer-editable fields only) or the platform's operators (all). */
export type SiteConfigFormScope = 'dealer' | 'full';

/** A JSON Schema node as zod emits it (draft 2020-12). */
export type JsonSchemaNode = z.core.JSONSchema.JSONSchema;

const ACRONYMS: Record<string, string> = {
  url: 'URL',
  crm: 'CRM',
  sms: 'SMS',
  id: 'ID',
  ids: 'IDs',
  csp: 'CSP',
  mcp: 'MCP',
};

/** A field name as a label: 'notify_emails' -> 'Notify emails', 'crm_webhook_url' -> 'CRM webhook URL'. */
export function fieldLabel(name: string): string {
  const words = name.split('_').filter(Boolean);
  const label = words.map((word) => ACRONYMS[word] ?? word).join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The layer's zod schema for a scope: every group and field optional, a dealer's only what they may edit. */
function layerSchema(scope: SiteConfigFormScope): z.ZodObject {
  if (scope === 'full') return SiteConfigLayerObjectSchema;
  const groups = Object.entries(SiteConfigSchema.shape).flatMap(([group, groupSchema]) => {
    const fields = Object.keys((groupSchema as z.ZodObject).shape).filter((field) =>
      isDealerEditablePath([group, field]),
    );
    if (fields.length === 0) return [];
    const shape = (groupSchema as z.ZodObject).shape;
    const partial = z.strictObject(Object.fromEntries(fields.map((field) => [field, shape[field]!.optional()])));
    return [[group, partial.optional()] as const];
  });
  return z.strictObject(Object.fromEntries(groups));
}

/** Gives every property a title from its name unless the schema gave one, all the way down. */
function addTitles(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(addTitles);
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  const properties = record['properties'] as Record<string, Record<string, unknown>> | undefined;
  for (const [name, property] of Object.entries(properties ?? {})) property['title'] ??= fieldLabel(name);
  for (const value of Object.values(record)) addTitles(value);
}

const cache = new Map<SiteConfigFormScope, string>();

/**
 * The JSON Schema of a configuration layer a form edits, with a title and description on every
 * setting (the schema's own words), so a setting is editable the day it is added.
 */
export function siteConfigFormSchema(scope: SiteConfigFormScope): JsonSchemaNode {
  let json = cache.get(scope);
  if (json === undefined) {
    // Through JSON text: zod may share one object between places a schema is reused, and titles
    // differ by place.
    const schema = JSON.parse(JSON.stringify(z.toJSONSchema(layerSchema(scope), { io: 'input' })));
    addTitles(schema);
    json = JSON.stringify(schema);
    cache.set(scope, json);
  }
  return JSON.parse(json) as JsonSchemaNode;
}
