import { z } from 'zod';

/**
 * A layer's change to a menu of the layer below, instead of the whole list: menus are mostly the
 * defaults with a few items added, moved or dropped, and restating the rest would freeze them
 * against later changes to the defaults. Items are matched by label, unique within a menu.
 */
export interface MenuEdit<T extends { label: string }> {
  /** Labels of items of the lower menu to drop. */
  remove?: string[];
  /** Items replacing the lower item of the same label in place, else inserted after `after` (a label) or at the end. */
  items?: (T & { after?: string })[];
}

/** The schema of an edit of a menu whose items follow `item`. */
export function menuEditSchema<S extends z.ZodObject>(item: S) {
  return z.strictObject({
    remove: z.array(z.string().min(1)).optional(),
    items: z.array(item.extend({ after: z.string().min(1).optional() })).optional(),
  });
}

export function isMenuEdit(value: unknown): value is MenuEdit<{ label: string }> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies an edit to a lower menu without mutating it. */
export function applyMenuEdit<T extends { label: string }>(base: readonly T[], edit: MenuEdit<T>): T[] {
  const removed = new Set(edit.remove ?? []);
  const menu = base.filter((item) => !removed.has(item.label));
  for (const { after, ...item } of edit.items ?? []) {
    const existing = menu.findIndex((entry) => entry.label === item.label);
    if (existing >= 0 && after === undefined) {
      menu[existing] = item as unknown as T;
      continue;
    }
    if (existing >= 0) menu.splice(existing, 1);
    const anchor = after === undefined ? -1 : menu.findIndex((entry) => entry.label === after);
    menu.splice(anchor >= 0 ? anchor + 1 : menu.length, 0, item as unknown as T);
  }
  return menu;
}
