import { z } from 'zod';

/**
 * A layer's change to a list of the layer below, instead of the whole list. Menus and content pages
 * are mostly the defaults with a few entries added, moved or dropped; restating the rest would
 * freeze them against later changes to the defaults. Entries are matched by a key unique in the
 * list (EDITABLE_LISTS): a menu item's label, a content page's path.
 */
export interface ListEdit<T> {
  /** Keys of entries of the lower list to drop. */
  remove?: string[];
  /** Entries replacing the lower entry of the same key in place, else inserted after `after` (a key) or at the end. */
  items?: (T & { after?: string })[];
}

/** The lists a layer may edit, by group and field, with the field that keys their entries. */
export const EDITABLE_LISTS: Record<string, Record<string, string>> = {
  navigation: { header: 'label', buyer_tools: 'label' },
  content: { pages: 'path' },
};

/** The schema of an edit of a list whose entries follow `entry`. */
export function listEditSchema<S extends z.ZodObject>(entry: S) {
  return z.strictObject({
    remove: z.array(z.string().min(1)).optional(),
    items: z.array(entry.extend({ after: z.string().min(1).optional() })).optional(),
  });
}

/** The key field of an editable list, or null when the field is replaced whole. */
export function editableListKey(group: string, field: string): string | null {
  return Object.hasOwn(EDITABLE_LISTS, group) && Object.hasOwn(EDITABLE_LISTS[group]!, field)
    ? EDITABLE_LISTS[group]![field]!
    : null;
}

export function isListEdit(value: unknown): value is ListEdit<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies an edit to a lower list without mutating it; entries are matched on `key`. */
export function applyListEdit<T extends Record<string, unknown>>(
  base: readonly T[],
  edit: ListEdit<T>,
  key: keyof T,
): T[] {
  const removed = new Set(edit.remove ?? []);
  const list = base.filter((entry) => !removed.has(String(entry[key])));
  const indexOf = (value: unknown) => list.findIndex((entry) => entry[key] === value);
  for (const { after, ...rest } of edit.items ?? []) {
    const entry = rest as unknown as T;
    const existing = indexOf(entry[key]);
    if (existing >= 0 && after === undefined) {
      list[existing] = entry;
      continue;
    }
    if (existing >= 0) list.splice(existing, 1);
    const anchor = after === undefined ? -1 : indexOf(after);
    list.splice(anchor >= 0 ? anchor + 1 : list.length, 0, entry);
  }
  return list;
}
