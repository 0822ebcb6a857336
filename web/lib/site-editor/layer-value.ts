/**
 * Immutable edits of a configuration layer. A layer holds only what its editor set: unsetting a
 * field removes it, and a group left with no field is removed too, so nothing untouched is saved
 * over what the layers below give.
 */

export type Path = readonly (string | number)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a path, or undefined. */
export function getAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) {
    if (Array.isArray(value) && typeof key === 'number') value = value[key];
    else if (isRecord(value)) value = Object.hasOwn(value, key) ? value[key] : undefined;
    else return undefined;
  }
  return value;
}

/** A copy of `root` with `value` at `path` (undefined: removed), creating objects along the way. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root) && typeof key === 'number') {
    const next = setAt(root[key], rest, value);
    const copy = [...root];
    if (next === undefined) copy.splice(key, 1);
    else copy[key] = next;
    return copy;
  }
  const object = isRecord(root) ? root : {};
  const next = setAt(object[key], rest, value);
  const { [key]: _previous, ...others } = object;
  return next === undefined ? others : { ...others, [key]: next };
}

/** setAt for the layer itself: a group emptied by the edit is dropped. */
export function setLayerValue(layer: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const next = setAt(layer, path, value) as Record<string, unknown>;
  const group = String(path[0]);
  const groupValue = next[group];
  if (path.length > 1 && isRecord(groupValue) && Object.keys(groupValue).length === 0) {
    const { [group]: _empty, ...rest } = next;
    return rest;
  }
  return next;
}

/** The list with the entry at `from` moved to `to`; out-of-range moves return the list unchanged. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** A record with one key renamed in place (order kept); refused (unchanged) when the new key is taken. */
export function renameKey(record: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  if (from === to || Object.hasOwn(record, to)) return record;
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === from ? to : key, value]));
}

/** A key not yet in the record: 'key', then 'key-2', 'key-3'... */
export function freshKey(record: Record<string, unknown>, base = 'key'): string {
  if (!Object.hasOwn(record, base)) return base;
  let n = 2;
  while (Object.hasOwn(record, `${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
