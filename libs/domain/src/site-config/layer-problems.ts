import type { z } from 'zod';
import { isDealerEditablePath } from './dealer-editable';
import type { SiteConfigFormScope } from './form-schema';
import { SiteConfigLayerSchema, SiteConfigSchema } from './site-config.schema';

/** Something wrong with an edited layer, at the path of the setting it concerns. */
export interface LayerProblem {
  path: string[];
  message: string;
}

/** A path as a person reads it: marketing.banners[0].image. */
export function settingName(path: readonly (string | number)[]): string {
  return path.map((part, i) => (/^\d+$/.test(String(part)) ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

type Issue = z.core.$ZodIssue;

/**
 * The issues worth showing for one issue. A union's own message is only 'Invalid input', so it is
 * replaced by the issues of the variant of the value's type (for a site path or URL: the last, most
 * general variant); a strict object's unknown keys each get their own path.
 */
function expand(issue: Issue, prefix: PropertyKey[]): { path: PropertyKey[]; message: string }[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const sameType = issue.errors.filter(
      (errors) => !errors.some((e) => e.code === 'invalid_type' && e.path.length === 0),
    );
    const chosen = (sameType.length > 0 ? sameType : issue.errors).at(-1)!;
    return chosen.flatMap((inner) => expand(inner, path));
  }
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => ({ path: [...path, key], message: 'not a setting of the configuration' }));
  return [{ path, message: issue.message }];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Settings present in a dealer's layer that dealers may not change (unknown settings are zod's to report). */
function notEditable(layer: unknown): LayerProblem[] {
  if (!isObject(layer)) return [];
  const shape = SiteConfigSchema.shape as Record<string, z.ZodObject>;
  return Object.entries(layer).flatMap(([group, fields]) =>
    Object.hasOwn(shape, group) && isObject(fields)
      ? Object.keys(fields)
          .filter((field) => Object.hasOwn(shape[group]!.shape, field) && !isDealerEditablePath([group, field]))
          .map((field) => ({
            path: [group, field],
            message: `${group}.${field} is not editable by a dealership; ask the platform's operators`,
          }))
      : [],
  );
}

/**
 * Why a value cannot be saved as a configuration layer of the scope, each problem at its setting's
 * path with a message naming it; empty when it can.
 */
export function layerProblems(scope: SiteConfigFormScope, layer: unknown): LayerProblem[] {
  const result = SiteConfigLayerSchema.safeParse(layer);
  const invalid = result.success
    ? []
    : result.error.issues
        .flatMap((issue) => expand(issue, []))
        .map(({ path, message }) => {
          const parts = path.map(String);
          const name = parts.length > 0 ? settingName(parts) : 'The layer';
          return { path: parts, message: `${name}: ${message}` };
        });
  return scope === 'dealer' ? [...notEditable(layer), ...invalid] : invalid;
}
