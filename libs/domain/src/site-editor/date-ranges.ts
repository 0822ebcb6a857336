import type { SiteConfigLayer } from '../site-config/site-config.schema';

/** A start as its first instant; an end date as the last of its day (an entry is shown all of its last day). */
const startOf = (value: string): number => Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
const endOf = (value: string): number => Date.parse(value.length === 10 ? `${value}T23:59:59.999Z` : value);

/**
 * Marketing entries whose end comes before their start: the schema takes each date alone, but an
 * offer that ends before it starts would never show, which is never what the dealer meant.
 * Paths are from the layer's root.
 */
export function dateRangeProblems(layer: SiteConfigLayer): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const check = (path: string, start: string | undefined, end: string | undefined, endName: string) => {
    if (start && end && endOf(end) < startOf(start))
      problems.push({
        path: `${path}.${endName}`,
        message: `It ends (${end}) before it starts (${start}): end on or after the start.`,
      });
  };
  const marketing = layer.marketing ?? {};
  marketing.offers?.forEach((o, i) => check(`marketing.offers[${i}]`, o.start, o.expiry, 'expiry'));
  marketing.banners?.forEach((b, i) => check(`marketing.banners[${i}]`, b.start, b.expiry, 'expiry'));
  marketing.promotions_slider?.forEach((s, i) =>
    check(`marketing.promotions_slider[${i}]`, s.start, s.expiry, 'expiry'),
  );
  if (marketing.campaign) check('marketing.campaign', marketing.campaign.start, marketing.campaign.end, 'end');
  return problems;
}
