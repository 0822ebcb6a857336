import type { APIRequestContext } from '@playwright/test';
import { contactSlug } from '@platform/domain';
import { anInStockCar } from './database';
import { API_ORIGIN } from './e2e-env';

const GROUP = 'harbour-motor-group';
const SINGLE = 'werribee-isuzu-ute';

/** A visible location of a site, as its configuration lists it. */
async function aLocation(request: APIRequestContext, site: string): Promise<{ slug: string; name: string }> {
  const response = await request.get(`${API_ORIGIN}/api/sites/${site}/config`);
  if (!response.ok()) throw new Error(`GET /api/sites/${site}/config answered ${response.status()}`);
  const { locations } = (await response.json()) as {
    locations: { slug: string; name: string; visible?: boolean | null }[];
  };
  const location = locations.find((entry) => entry.visible !== false);
  if (!location) throw new Error(`${site} has no visible location`);
  return location;
}

export type PagePath = string | ((request: APIRequestContext) => Promise<string>);

/**
 * [page type, site, path, expected status (any below 400 when left out)]. The watchlist is not here:
 * signed out it redirects to the sign-in page, which is.
 */
export const PAGES: [name: string, site: string, path: PagePath, status?: number][] = [
  ['home', GROUP, '/'],
  ['search', GROUP, '/search/new-used-and-demo-cars'],
  ['special offers', GROUP, '/special-offers'],
  ['vehicle', GROUP, async () => `/cars/${(await anInStockCar(GROUP)).slug}`],
  ['sign-in', GROUP, '/sign-in?type=watchlist&redirect=%2Fwatchlist'],
  ['favourites', GROUP, '/favourites'],
  ['compare', GROUP, '/compare'],
  ['locations', GROUP, '/locations'],
  ['location', GROUP, async (request) => `/locations/${(await aLocation(request, GROUP)).slug}`],
  [
    'contact-us location',
    GROUP,
    async (request) => `/contact-us/${contactSlug((await aLocation(request, GROUP)).name)}`,
  ],
  ['single-brand contact', SINGLE, '/contact'],
  ['finance', GROUP, '/finance'],
  ['personalised finance', GROUP, async () => `/personalised/finance?car_id=${(await anInStockCar(GROUP)).id}`],
  ['service', GROUP, '/service'],
  ['capped price servicing', GROUP, '/capped-price-servicing'],
  ['parts and accessories', GROUP, '/vehicle-parts-and-accessories'],
  ['trade-in', GROUP, '/trade-in'],
  ['sell your car', GROUP, '/sell-your-car'],
  ['content', GROUP, '/about-us'],
  ['success', GROUP, '/success'],
  ['brand directory', GROUP, '/brands'],
  ['brand overview', GROUP, '/toyota/overview'],
  ['offer', GROUP, '/offers/toyota/201'],
  ['model', SINGLE, '/models/d-max'],
  ['not-found', GROUP, '/no-such-page', 404],
];
