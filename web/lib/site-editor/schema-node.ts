/**
 * How a form draws a JSON Schema node (as siteConfigFormSchema emits it). Kept apart from React so
 * the choice of control is testable, and so a new kind of setting needs one line here rather than
 * a hand-written form.
 */

export interface SchemaNode {
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  [key: string]: unknown;
}

export type FieldKind =
  | { kind: 'object'; node: SchemaNode }
  | { kind: 'record'; node: SchemaNode; values: SchemaNode }
  | { kind: 'array'; node: SchemaNode; items: SchemaNode }
  | { kind: 'nullable'; node: SchemaNode; inner: SchemaNode }
  | { kind: 'union'; node: SchemaNode; variants: SchemaNode[] }
  | { kind: 'enum'; node: SchemaNode; options: string[] }
  | { kind: 'boolean'; node: SchemaNode }
  | { kind: 'number'; node: SchemaNode; min?: number; max?: number; step: number | 'any' }
  | { kind: 'colour'; node: SchemaNode }
  | { kind: 'date'; node: SchemaNode }
  | { kind: 'text'; node: SchemaNode; multiline: boolean; image?: boolean }
  | { kind: 'unsupported'; node: SchemaNode };

const LONG_TEXT = 200;
// Without a length cap, the name says whether a field holds a sentence or a paragraph.
const PROSE_TITLE = /\b(body|text|description|disclaimer|terms)\b/i;

function options(node: SchemaNode): SchemaNode[] {
  return node.anyOf ?? node.oneOf ?? [];
}

function isNull(node: SchemaNode): boolean {
  return node.type === 'null';
}

/** A union's title and description live on the union; its variants inherit them when drawn alone. */
function withLabels(outer: SchemaNode, inner: SchemaNode): SchemaNode {
  return { ...inner, title: outer.title ?? inner.title, description: outer.description ?? inner.description };
}

/** The control for a node. */
export function fieldKind(node: SchemaNode): FieldKind {
  // zod writes a plain nullable scalar as `type: ['string', 'null']` rather than anyOf.
  if (Array.isArray(node.type)) {
    const types = node.type.filter((type) => type !== 'null');
    const inner: SchemaNode = { ...node, type: types.length === 1 ? types[0] : types };
    if (types.length < node.type.length) return { kind: 'nullable', node, inner };
    if (types.length === 1) return fieldKind(inner);
  }
  const variants = options(node);
  if (variants.length > 0) {
    const present = variants.filter((variant) => !isNull(variant));
    if (present.length < variants.length)
      return {
        kind: 'nullable',
        node,
        inner: withLabels(node, present.length === 1 ? present[0]! : { anyOf: present }),
      };
    // One text box takes a site path or an address; a date or a date and time needs a choice.
    if (present.every((variant) => variant.type === 'string') && !present.some((variant) => variant.format === 'date'))
      return { kind: 'text', node, multiline: false, image: node.format === 'image' };
    return { kind: 'union', node, variants: present };
  }
  if (node.enum) return { kind: 'enum', node, options: node.enum.map(String) };
  switch (node.type) {
    case 'object':
      if (node.properties) return { kind: 'object', node };
      if (typeof node.additionalProperties === 'object')
        return { kind: 'record', node, values: node.additionalProperties };
      return { kind: 'object', node };
    case 'array':
      return node.items ? { kind: 'array', node, items: node.items } : { kind: 'unsupported', node };
    case 'boolean':
      return { kind: 'boolean', node };
    case 'number':
    case 'integer':
      return {
        kind: 'number',
        node,
        min: node.minimum ?? node.exclusiveMinimum,
        max: node.maximum ?? node.exclusiveMaximum,
        step: node.multipleOf ?? (node.type === 'integer' ? 1 : 'any'),
      };
    case 'string':
      if (node.format === 'colour') return { kind: 'colour', node };
      if (node.format === 'date') return { kind: 'date', node };
      if (node.format === 'image') return { kind: 'text', node, multiline: false, image: true };
      return {
        kind: 'text',
        node,
        multiline: node.maxLength !== undefined ? node.maxLength > LONG_TEXT : PROSE_TITLE.test(node.title ?? ''),
      };
    default:
      return { kind: 'unsupported', node };
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a value could be of a variant, by type and the format or pattern that tells variants apart. */
function fits(variant: SchemaNode, value: unknown): boolean {
  if (variant.type === 'array') return Array.isArray(value);
  if (variant.type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  if (variant.type === 'string') {
    if (typeof value !== 'string') return false;
    if (variant.format === 'date') return value === '' || DATE.test(value);
    if (variant.format === 'date-time') return value.includes('T');
    return true;
  }
  if (variant.type === 'number' || variant.type === 'integer') return typeof value === 'number';
  if (variant.type === 'boolean') return typeof value === 'boolean';
  return false;
}

/** The variant of a union a value belongs to (the first when it is unset or fits none). */
export function variantIndex(variants: SchemaNode[], value: unknown): number {
  const index = variants.findIndex((variant) => fits(variant, value));
  return index < 0 ? 0 : index;
}

/** A variant's name in the choice between them. */
export function variantLabel(variant: SchemaNode, index: number): string {
  if (variant.title) return variant.title;
  if (variant.format === 'date') return 'Date';
  if (variant.format === 'date-time') return 'Date and time';
  return `Option ${index + 1}`;
}

/** The value a new list entry or a newly set field starts with: the smallest the schema accepts, where it can tell. */
export function emptyValue(node: SchemaNode): unknown {
  const kind = fieldKind(node);
  switch (kind.kind) {
    case 'object':
      return Object.fromEntries((node.required ?? []).map((name) => [name, emptyValue(node.properties?.[name] ?? {})]));
    case 'record':
      return {};
    case 'array':
      return [];
    case 'nullable':
      return null;
    case 'union':
      return emptyValue(kind.variants[0]!);
    case 'enum':
      return kind.options[0];
    case 'boolean':
      return false;
    case 'number':
      return kind.min !== undefined ? kind.min : 0;
    case 'colour':
      return '#000000';
    default:
      return node.const ?? '';
  }
}

/** The noun a list's entries go by in button names ("Move slide 2 up"): the entry's title, else "<list> item". */
export function itemNoun(list: SchemaNode): string {
  const noun = list.items?.title ?? `${list.title ?? 'List'} item`;
  return noun.charAt(0).toLowerCase() + noun.slice(1);
}
