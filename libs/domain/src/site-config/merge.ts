import { z } from 'zod';
import { applyListEdit, editableListKey, isListEdit } from './list-edit';
import { PLATFORM_DEFAULTS } from './platform-defaults';
import { SiteConfigLayerSchema, SiteConfigSchema, type SiteConfig, type SiteConfigLayer } from './site-config.schema';

/** The layers in order of precedence, lowest first. */
export const CONFIG_LAYERS = ['template', 'site', 'dealership', 'manufacturer'] as const;
export type ConfigLayerName = (typeof CONFIG_LAYERS)[number];

export type ConfigLayers = Partial<Record<ConfigLayerName, SiteConfigLayer | null | undefined>>;

/** A configuration layer or merged result that fails its schema; names the layer, path and message. */
export class SiteConfigError extends Error {
  constructor(
    readonly layer: ConfigLayerName | 'merged',
    readonly issues: { path: string; message: string }[],
  ) {
    super(`Invalid site configuration (${layer}): ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    this.name = 'SiteConfigError';
  }
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.') || '(root)', message: issue.message }));
}

/** Validates one layer; throws SiteConfigError naming the layer, path and message. */
export function parseConfigLayer(layer: ConfigLayerName, value: unknown): SiteConfigLayer {
  const result = SiteConfigLayerSchema.safeParse(value ?? {});
  if (!result.success) throw new SiteConfigError(layer, issuesOf(result.error));
  return result.data;
}

/**
 * Overlays one layer on a complete configuration without mutating either. Groups merge field by
 * field; a field's value (including arrays and records) replaces the lower one whole, so a site
 * that lists its sort options gets exactly those. The exception is an editable list (menus, content
 * pages: EDITABLE_LISTS) given as an edit object, which changes the lower list instead.
 */
function overlay(base: SiteConfig, layer: SiteConfigLayer): SiteConfig {
  const out: Record<string, unknown> = { ...base };
  for (const [group, fields] of Object.entries(layer)) {
    if (FORBIDDEN_KEYS.has(group) || fields === undefined) continue;
    const merged: Record<string, unknown> = { ...(base as Record<string, Record<string, unknown>>)[group] };
    for (const [field, value] of Object.entries(fields)) {
      if (FORBIDDEN_KEYS.has(field) || value === undefined) continue;
      const key = editableListKey(group, field);
      const lower = merged[field];
      merged[field] =
        key !== null && Array.isArray(lower) && isListEdit(value) ? applyListEdit(lower, value, key) : value;
    }
    out[group] = merged;
  }
  return out as SiteConfig;
}

/**
 * Resolves the configuration for a request: platform defaults <- template <- site <- dealership
 * <- manufacturer. Every layer is validated before it is applied and the result is validated
 * again, so a half-valid configuration is never served.
 */
export function resolveSiteConfig(layers: ConfigLayers, base: SiteConfig = PLATFORM_DEFAULTS): SiteConfig {
  let config = base;
  for (const name of CONFIG_LAYERS) {
    const layer = layers[name];
    if (layer == null) continue;
    config = overlay(config, parseConfigLayer(name, layer));
  }
  const result = SiteConfigSchema.safeParse(config);
  if (!result.success) throw new SiteConfigError('merged', issuesOf(result.error));
  return result.data;
}
