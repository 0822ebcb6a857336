/** URL slug text: lower case, '+' spelt out, anything else non-alphanumeric collapsed to '-'. */
export const slugify = (value: string): string =>
  value
    .toLowerCase()
    .replace(/\+/g, '-plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A car's page slug: '2023-toyota-hilux-sr5-ab123'. Stable once given, so links keep working. */
export const carSlug = (car: {
  year: number;
  make: string;
  model: string;
  badge?: string | null;
  stocknum: string;
}): string => slugify([car.year, car.make, car.model, car.badge ?? '', car.stocknum].join(' '));
