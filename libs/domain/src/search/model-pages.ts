import { slugify } from '../stock/car-slug';

/** Model pages live at /models/{model slug} (spec 001 §2: /models/mu-x, /models/d-max). */
export const MODEL_PAGES_PATH = '/models';

/** A make and model of a site's stock with how many cars it shows. */
export interface StockModel {
  make: string;
  model: string;
  count: number;
}

/** The URL slug of a model name: 'D-MAX' -> 'd-max', 'CX-5' -> 'cx-5'. */
export const modelSlug = (model: string): string => slugify(model);

/** The page of a model: '/models/d-max'. */
export const modelPagePath = (model: string): string => `${MODEL_PAGES_PATH}/${modelSlug(model)}`;

/**
 * What two spellings of a model share once case and punctuation are gone. Links are typed by hand in
 * site configuration ('/models/dmax', '/models/D-MAX'), so a spelling that differs only there should
 * still find the model.
 */
const modelKey = (value: string): string => slugify(value).replace(/-/g, '');

/** Whether a slug (or a model name) names the same model as another, ignoring case and punctuation. */
export const sameModel = (a: string, b: string): boolean => {
  const key = modelKey(a);
  return key !== '' && key === modelKey(b);
};

/**
 * The models of a make_model facet ('Isuzu:D-MAX' -> count). Values without a make or model are not
 * models a page can show.
 */
export function stockModels(makeModelCounts: Readonly<Record<string, number>>): StockModel[] {
  return Object.entries(makeModelCounts).flatMap(([value, count]) => {
    const colon = value.indexOf(':');
    const make = value.slice(0, colon).trim();
    const model = value.slice(colon + 1).trim();
    return colon > 0 && make && model && count > 0 ? [{ make, model, count }] : [];
  });
}

/**
 * The stock model a model-page slug names, or null. An exact slug beats a match that needed case or
 * punctuation ignored; when two makes share the name, the one with more cars wins (then the make
 * name, so the answer never depends on facet order).
 */
export function matchModelSlug(models: readonly StockModel[], slug: string): StockModel | null {
  const wanted = slug.trim();
  const rank = (candidates: StockModel[]) =>
    [...candidates].sort(
      (a, b) => b.count - a.count || a.make.localeCompare(b.make) || a.model.localeCompare(b.model),
    )[0] ?? null;
  return (
    rank(models.filter((entry) => modelSlug(entry.model) === wanted)) ??
    rank(models.filter((entry) => sameModel(entry.model, wanted)))
  );
}

/** A model page's heading: 'Isuzu D-MAX'; the model alone when its name already starts with the make. */
export function modelTitle(model: Pick<StockModel, 'make' | 'model'>): string {
  return model.model.toLowerCase().startsWith(`${model.make.toLowerCase()} `)
    ? model.model
    : `${model.make} ${model.model}`;
}

/** How many models a models dropdown lists at most (spec 000 §9: model list limit 30). */
export const MODELS_MENU_LIMIT = 30;

export interface ModelMenuEntry {
  label: string;
  href: string;
}

/**
 * A models dropdown from stock models: the best-stocked models (at most `limit`), one entry per model
 * page, in alphabetical order. Labels are the model alone when every entry shares one make ('D-MAX'),
 * else make and model ('Toyota HiLux'), so a multi-brand list stays unambiguous.
 */
export function modelsMenu(models: readonly StockModel[], limit = MODELS_MENU_LIMIT): ModelMenuEntry[] {
  const ranked = [...models].sort(
    (a, b) => b.count - a.count || a.make.localeCompare(b.make) || a.model.localeCompare(b.model),
  );
  // Models spelt alike share a page (which shows the better-stocked one), so they share an entry.
  const byPage = new Map<string, StockModel>();
  for (const model of ranked) {
    const path = modelPagePath(model.model);
    if (modelSlug(model.model) && !byPage.has(path)) byPage.set(path, model);
  }
  const chosen = [...byPage.entries()].slice(0, limit);
  const oneMake = new Set(chosen.map(([, model]) => model.make.toLowerCase())).size <= 1;
  return chosen
    .map(([href, model]) => ({ label: oneMake ? model.model : modelTitle(model), href }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en-AU'));
}
