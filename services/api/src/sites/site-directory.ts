import { Injectable } from '@nestjs/common';
import { SiteConfigError, type SiteConfig } from '@platform/domain';
import { notFound, ProblemException } from '@platform/server-kit';
import { SiteConfigStore, type SiteSettings } from '@platform/site-config';

/**
 * What site endpoints need about a tenant. Its config is the site level (template <- site); a
 * car's own adds its dealership and brand layers.
 */
export type SiteContext = SiteSettings;

/** Site endpoints' view of the configuration store: a missing site is a 404, a broken layer a named 500. */
@Injectable()
export class SiteDirectory {
  constructor(private readonly store: SiteConfigStore) {}

  /** A site by its slug; a retired site is not found, as though it had never been. */
  async bySlug(slug: string): Promise<SiteContext> {
    const context = await guardConfig(() => this.store.site({ slug }));
    if (!context || context.retired) throw notFound('Site not found', `No site has the slug '${slug}'.`);
    return context;
  }

  /** The site-level configuration, for work that concerns no one dealership. */
  forSite(siteId: number): Promise<SiteConfig> {
    return guardConfig(() => this.store.siteConfig(siteId));
  }

  /** The merged configuration a car of this dealership is shown with (… <- dealership <- brand). */
  forDealership(dealershipId: number): Promise<SiteConfig> {
    return guardConfig(() => this.store.dealership(dealershipId));
  }
}

/** A configuration that fails its schema is never used: it becomes a 500 naming the layer and path. */
export function guardConfig<T>(work: () => T): T {
  const fail = (error: unknown): never => {
    if (error instanceof SiteConfigError) {
      throw new ProblemException({
        status: 500,
        title: 'Site configuration invalid',
        detail: error.message,
        errors: error.issues.map((i) => ({ path: `${error.layer}.${i.path}`, message: i.message })),
      });
    }
    throw error;
  };
  try {
    const result = work();
    return (result instanceof Promise ? result.catch(fail) : result) as T;
  } catch (error) {
    return fail(error);
  }
}
