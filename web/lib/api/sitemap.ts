import { z } from 'zod';
import { apiGet, segment } from './client';

const SitemapResponseSchema = z.object({
  cars: z.array(z.object({ slug: z.string().min(1), lastmod: z.string() })),
});

/** The site's listed car pages, for its sitemap. */
export async function getSitemapCars(siteSlug: string): Promise<{ slug: string; lastmod: string }[]> {
  return (await apiGet(`/api/sites/${segment(siteSlug)}/sitemap`, SitemapResponseSchema, { cache: 'no-store' })).cars;
}
