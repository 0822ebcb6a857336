/**
 * What changed between two versions of a configuration document, as a reader of the history wants
 * it: one line per field, named by its path ('marketing.banners[1].alt', 'locations.werribee.hours
 * .sales.saturday'), with the old and new values. Objects are compared key by key and arrays item
 * by item, so moving one banner's alt text is one line, not the whole list; an item added or
 * removed at the end is one line with only its new or old value.
 */
export interface ConfigChange {
  path: string;
  /** Absent when the field was added. */
  before?: unknown;
  /** Absent when the field was removed. */
  after?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  const part = IDENTIFIER.test(key) ? key : JSON.stringify(key);
  return path ? `${path}.${part}` : part;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
  }
  return false;
}

function walk(path: string, before: unknown, after: unknown, out: ConfigChange[]): void {
  if (same(before, after)) return;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) {
      const at = join(path, key);
      if (!Object.hasOwn(after, key)) out.push({ path: at, before: before[key] });
      else if (!Object.hasOwn(before, key)) {
        // A group added whole is read field by field, like any other change.
        const added = after[key];
        if (isObject(added) && Object.keys(added).length > 0) walk(at, {}, added, out);
        else out.push({ path: at, after: added });
      } else walk(at, before[key], after[key], out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i += 1) {
      const at = join(path, i);
      if (i >= after.length) out.push({ path: at, before: before[i] });
      else if (i >= before.length) out.push({ path: at, after: after[i] });
      else walk(at, before[i], after[i], out);
    }
    return;
  }
  out.push({ path: path || '(whole document)', before, after });
}

/** The field-by-field changes from one document to another; none when they are equal. */
export function configChanges(before: unknown, after: unknown): ConfigChange[] {
  const out: ConfigChange[] = [];
  walk('', before ?? {}, after ?? {}, out);
  return out;
}

/** Whether two JSON documents are equal, key order aside. */
export const sameDocument = (a: unknown, b: unknown): boolean => same(a, b);
