import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { resolveSiteConfig, type LayerDocument, type LocationHours, type SiteConfig } from '@platform/domain';
import { reachedSitesOf, withLayer } from './layer-targets';

/** A preview token as stored: hashed, so a database reader cannot open anyone's draft. */
export const hashPreviewToken = (token: string): string =>
  createHash('sha256').update(`config-preview\n${token}`).digest('hex');

/** A draft shown on its site's pages for whoever holds its preview link. */
export interface PreviewDraft {
  /** Storage key of the layer: 'site:12' or 'dealership:34'. */
  layer: string;
  author: string;
  document: LayerDocument;
}

/** The draft a preview token opens on a site, or null (unknown, expired, published, discarded or another site's). */
export async function previewDraftOf(
  manager: Pick<EntityManager, 'query'>,
  siteId: number,
  token: string,
): Promise<PreviewDraft | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = (await manager.query(
    `SELECT layer, author_name, document FROM config_drafts
     WHERE preview_token_hash = $1 AND preview_expires_at > now() AND site_id = $2`,
    [hashPreviewToken(token), siteId],
  )) as { layer: string; author_name: string; document: LayerDocument }[];
  return row ? { layer: row.layer, author: row.author_name, document: row.document } : null;
}

/** The site's configuration and each dealership's as they would be with the draft published. */
export async function previewConfigs(
  manager: Pick<EntityManager, 'query'>,
  siteId: number,
  draft: PreviewDraft,
): Promise<{ site: SiteConfig; dealerships: Map<number, SiteConfig> }> {
  const [kind, id] = draft.layer.split(':') as ['site' | 'dealership', string];
  const [stored] = await reachedSitesOf(manager, 'site', siteId);
  const layers = withLayer(stored!, { kind, id: Number(id) }, draft.document.config);
  const site = resolveSiteConfig({ template: layers.template as never, site: layers.site as never });
  const dealerships = new Map(
    layers.dealerships.map((d) => [
      d.id,
      resolveSiteConfig({
        template: layers.template as never,
        site: layers.site as never,
        dealership: d.dealership as never,
        manufacturer: d.manufacturer as never,
      }),
    ]),
  );
  return { site, dealerships };
}

/** A dealership draft's hours for one of its locations, by the location's slug. */
export function previewHoursOf(draft: PreviewDraft | null, dealershipId: number, slug: string): LocationHours | null {
  if (!draft || draft.layer !== `dealership:${dealershipId}`) return null;
  return draft.document.locations?.[slug] ?? null;
}
