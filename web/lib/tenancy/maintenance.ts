import { z } from 'zod';
import { apiGet, segment } from '../api/client';

/**
 * The maintenance page of a suspended site (issue 51): every shopper page of the site answers it,
 * from the proxy, before anything of the shop renders. A 503 with Retry-After, so search engines
 * keep the site's pages and come back later; never stored by anything in between. The site's own
 * name, logo, colour and phone when its configuration can be read, a plain page when it cannot. No
 * stock, no forms, no script: a heading, a sentence, the phone as a link.
 */

/** Seconds a client is told to wait: a suspension is ops' decision, lifted in hours, not seconds. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 3600;

export interface MaintenanceDetails {
  name: string;
  phone?: string | null;
  /** The site's primary colour, drawn as a band above the page (a hex colour only). */
  colour?: string | null;
  /** The site's logo, served from its own host (a same-origin path only). */
  logoUrl?: string | null;
}

const ConfigSchema = z.object({
  config: z
    .object({
      theme: z.object({ primary_colour: z.string().nullish(), logo_url: z.string().nullish() }).partial().nullish(),
    })
    .nullish(),
  locations: z
    .array(
      z.object({
        primary: z.boolean().nullish(),
        visible: z.boolean().nullish(),
        contact_detail: z.object({ phone: z.string().nullish() }).nullish(),
      }),
    )
    .nullish(),
});

/**
 * The site's branding and phone from its configuration (the api serves it for a suspended site, not
 * for a retired one); only the name when the api cannot answer within a second.
 */
export async function maintenanceDetailsFromApi(slug: string, name: string): Promise<MaintenanceDetails> {
  try {
    const site = await apiGet(`/api/sites/${segment(slug)}/config`, ConfigSchema, {
      cache: 'no-store',
      signal: AbortSignal.timeout(1_000),
    });
    const locations = (site.locations ?? []).filter((location) => location.visible !== false);
    const phone =
      [...locations.filter((location) => location.primary), ...locations]
        .map((location) => location.contact_detail?.phone)
        .find((value) => typeof value === 'string' && value.trim() !== '') ?? null;
    return {
      name,
      phone,
      colour: site.config?.theme?.primary_colour ?? null,
      logoUrl: site.config?.theme?.logo_url ?? null,
    };
  } catch {
    return { name };
  }
}

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const SAME_ORIGIN_PATH = /^\/(?!\/)[A-Za-z0-9._~\-/]+$/;

/** The maintenance page's HTML. */
export function maintenancePage(details: MaintenanceDetails): string {
  const name = escapeHtml(details.name);
  const colour = details.colour && HEX_COLOUR.test(details.colour) ? details.colour : '#4a4a4a';
  const logo =
    details.logoUrl && SAME_ORIGIN_PATH.test(details.logoUrl)
      ? `<img src="${escapeHtml(details.logoUrl)}" alt="${name}" class="logo">`
      : '';
  const phone = details.phone?.trim();
  const call = phone
    ? `<p class="call">To talk to us now, call <a href="tel:${escapeHtml(phone.replace(/[^0-9+]/g, ''))}">${escapeHtml(phone)}</a>.</p>`
    : '';
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable | ${name}</title>
<style>body{box-sizing:border-box;font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;flex-direction:column;color:#1a1a1a;background:#f6f7f9;border-top:.5rem solid ${colour}}main{margin:auto;max-width:34rem;padding:2rem 1.25rem;text-align:center}.logo{display:block;margin:0 auto 1.5rem;max-width:14rem;max-height:5rem}h1{margin:0 0 .75rem;font-size:1.75rem;line-height:1.2}p{margin:0 0 .75rem;color:#3d3d3d;font-size:1.0625rem;line-height:1.5}a{color:#0b4f9c;font-weight:600}a:focus-visible{outline:3px solid #0b4f9c;outline-offset:2px}</style>
</head>
<body>
<main>
${logo}<h1>${name}</h1>
<p>Our website is temporarily unavailable while we make some changes. Please check back soon.</p>
${call}</main>
</body>
</html>`;
}

/** The 503 answer for a suspended site's page. */
export function maintenanceResponse(details: MaintenanceDetails): Response {
  return new Response(maintenancePage(details), {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS),
    },
  });
}

/**
 * The 503 a suspended site's shopper API paths answer (forms, sign-in, watchlist, search): problem
 * details with Retry-After, so a form left open in a tab says it was not sent (the shopper can
 * call) rather than a lead being taken for a site nobody is meant to be selling from.
 */
export function maintenanceApiResponse(pathname: string): Response {
  return Response.json(
    {
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail: 'This website is temporarily unavailable; nothing was sent. Please try again later or call the dealer.',
      instance: pathname,
    },
    {
      status: 503,
      headers: {
        'content-type': 'application/problem+json',
        'cache-control': 'no-store',
        'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS),
      },
    },
  );
}
