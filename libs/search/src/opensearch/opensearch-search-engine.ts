import { Client, errors, type API } from '@opensearch-project/opensearch';
import type { SearchDocument, SearchRequest, SearchResult, SearchScope } from '@platform/domain';
import type { ReindexSession, SearchEngine } from '../search-engine';
import { carsIndexBody } from './index-mapping';
import {
  allSitesPattern,
  assertIndexPrefix,
  buildBulkDelete,
  buildBulkUpsert,
  buildPurgeBody,
  buildSearchBody,
  buildSwapAliases,
  siteIndexNames,
  versionOf,
  type SiteIndexNames,
} from './request-bodies';
import { bulkFailures, readSearchResult } from './responses';

/** Documents per bulk request: a few megabytes at most, per target index. */
const WRITE_BATCH = 500;

/** How many failed bulk items an error message quotes. */
const QUOTED_FAILURES = 3;

export interface OpenSearchSearchEngineOptions {
  client: Client;
  /** Namespaces every index (e.g. 'platform-dev'), so environments and test runs can share a cluster. */
  indexPrefix: string;
}

/** One version of a site's index and the aliases on it. */
interface SiteIndex {
  name: string;
  version: number;
  aliases: string[];
}

export function createOpenSearchClient(url: string): Client {
  return new Client({ node: url });
}

const isResponseError = (error: unknown, type: string): boolean =>
  error instanceof errors.ResponseError &&
  (error.body as { error?: { type?: string } } | undefined)?.error?.type === type;

/**
 * The OpenSearch engine: one index per site version behind a read alias, so a reindex builds a new
 * version beside the live one and swaps the alias atomically. Writes are not refreshed: they become
 * searchable at the index's refresh interval.
 */
export class OpenSearchSearchEngine implements SearchEngine {
  readonly kind = 'opensearch' as const;
  private readonly client: Client;
  private readonly prefix: string;
  /** Versions whose mapping this process has brought up to date (ensureCurrentMapping). */
  private readonly mappedIndices = new Set<string>();

  constructor(options: OpenSearchSearchEngineOptions) {
    assertIndexPrefix(options.indexPrefix);
    this.client = options.client;
    this.prefix = options.indexPrefix;
  }

  async upsert(siteId: number, documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    const names = this.names(siteId);
    const indices = await this.ensureLive(names);
    await this.write(writeTargets(indices, names), documents);
  }

  async remove(siteId: number, carIds: readonly number[]): Promise<void> {
    if (carIds.length === 0) return;
    const names = this.names(siteId);
    const targets = writeTargets(await this.siteIndices(names), names);
    if (targets.length === 0) return;
    // Unversioned deletes leave a tombstone one version above the document's for index.gc_deletes
    // (60s): re-adding the same car with an unchanged source_version inside that window is refused.
    for (let start = 0; start < carIds.length; start += WRITE_BATCH) {
      await this.bulk(buildBulkDelete(targets, carIds.slice(start, start + WRITE_BATCH)));
    }
  }

  async query(scope: SearchScope, request: SearchRequest, now: Date = new Date()): Promise<SearchResult> {
    const started = performance.now();
    const response = await this.client.search({
      index: this.names(scope.siteId).read,
      body: buildSearchBody(scope, request, now),
      // A site with no index yet answers nothing, as it does in PostgreSQL.
      ignore_unavailable: true,
    });
    return readSearchResult(response.body, request, Math.round(performance.now() - started));
  }

  async beginReindex(siteId: number): Promise<ReindexSession> {
    const names = this.names(siteId);
    const indices = await this.ensureLive(names);
    // A reindex left open by a crash is abandoned, and versions no alias reaches (a commit that
    // stopped before deleting the old one) are garbage: only the live version survives.
    await this.deleteIndices(indices.filter((index) => !index.aliases.includes(names.read)).map((index) => index.name));
    const version = Math.max(0, ...indices.map((index) => index.version)) + 1;
    const index = names.version(version);
    await this.createIndex(index, names.building);
    return {
      version: String(version),
      write: (documents) => this.write([index], documents),
      commit: () => this.commit(names, index),
      abort: () => this.deleteIndices([index]),
    };
  }

  async purgeExpired(now: Date): Promise<number> {
    const response = await this.client.deleteByQuery({
      index: allSitesPattern(this.prefix),
      body: buildPurgeBody(now),
      // A document changed while the purge runs is simply left for the next one.
      conflicts: 'proceed',
    });
    const body = response.body as { deleted?: number };
    return body.deleted ?? 0;
  }

  async dropSite(siteId: number): Promise<void> {
    const indices = await this.siteIndices(this.names(siteId));
    await this.deleteIndices(indices.map((index) => index.name));
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private names(siteId: number): SiteIndexNames {
    return siteIndexNames(this.prefix, siteId);
  }

  /** Every version of the site with its aliases, oldest first; none when the site has no index. */
  private async siteIndices(names: SiteIndexNames): Promise<SiteIndex[]> {
    const response = await this.client.indices.getAlias({ index: names.versions }, { ignore: [404] });
    if (response.statusCode === 404) return [];
    const indices: SiteIndex[] = [];
    for (const [name, entry] of Object.entries(response.body)) {
      const version = versionOf(names, name);
      if (version !== null) indices.push({ name, version, aliases: Object.keys(entry.aliases ?? {}) });
    }
    return indices.sort((a, b) => a.version - b.version);
  }

  /** Gives the site a live version if it has none (its first document, or after dropSite). */
  private async ensureLive(names: SiteIndexNames): Promise<SiteIndex[]> {
    const indices = await this.siteIndices(names);
    if (indices.some((index) => index.aliases.includes(names.read))) return indices;
    const version = Math.max(0, ...indices.map((index) => index.version)) + 1;
    try {
      await this.createIndex(names.version(version), names.read);
    } catch (error) {
      // Another writer created the same first version at the same moment; theirs is as good.
      if (!isResponseError(error, 'resource_already_exists_exception')) throw error;
    }
    const created = await this.siteIndices(names);
    if (!created.some((index) => index.aliases.includes(names.read)))
      throw new Error(`OpenSearch index ${names.read} has no live version`);
    return created;
  }

  /** Creates a version with the mapping and its alias in one request, so no version ever lacks its alias. */
  private async createIndex(index: string, alias: string): Promise<void> {
    await this.client.indices.create({ index, body: { ...carsIndexBody(), aliases: { [alias]: {} } } });
  }

  private async deleteIndices(indices: readonly string[]): Promise<void> {
    if (indices.length === 0) return;
    // Named one by one rather than by wildcard: clusters may require names for destructive actions.
    await this.client.indices.delete({ index: [...indices], ignore_unavailable: true });
  }

  private async commit(names: SiteIndexNames, index: string): Promise<void> {
    const indices = await this.siteIndices(names);
    if (!indices.some((entry) => entry.name === index && entry.aliases.includes(names.building))) {
      throw new Error(`Index ${index} is no longer being built`);
    }
    const old = indices
      .filter((entry) => entry.name !== index && entry.aliases.includes(names.read))
      .map((entry) => entry.name);
    await this.client.indices.updateAliases({ body: buildSwapAliases(names, old, index) });
    await this.deleteIndices(old);
  }

  private async write(indices: readonly string[], documents: readonly SearchDocument[]): Promise<void> {
    if (indices.length === 0 || documents.length === 0) return;
    await this.ensureCurrentMapping(indices);
    for (let start = 0; start < documents.length; start += WRITE_BATCH) {
      await this.bulk(buildBulkUpsert(indices, documents.slice(start, start + WRITE_BATCH)));
    }
  }

  /**
   * Versions created before a field was added to infra/opensearch/cars-index.json reject documents
   * that carry it (the mapping is strict). Fields are only ever added, so putting the current
   * properties onto a version is a no-op for a current one and lets an older one take new documents
   * before its next reindex. Once per index per process.
   */
  private async ensureCurrentMapping(indices: readonly string[]): Promise<void> {
    const stale = indices.filter((index) => !this.mappedIndices.has(index));
    if (stale.length === 0) return;
    const properties = carsIndexBody().mappings?.properties;
    await this.client.indices.putMapping({ index: stale, body: { properties } });
    for (const index of stale) this.mappedIndices.add(index);
  }

  private async bulk(body: API.Bulk_RequestBody): Promise<void> {
    const response = await this.client.bulk({ body });
    const failures = bulkFailures(response.body);
    if (failures.length > 0) {
      throw new Error(
        `OpenSearch bulk write failed for ${failures.length} item(s): ${failures.slice(0, QUOTED_FAILURES).join('; ')}`,
      );
    }
  }
}

/**
 * The versions a live write must reach: the live one and one being built, so a reindex misses no
 * change. Writes name these concrete indices; if a commit or abort deletes one in between, a cluster
 * that auto-creates indices recreates it without aliases, and the next beginReindex or dropSite
 * deletes it.
 */
function writeTargets(indices: readonly SiteIndex[], names: SiteIndexNames): string[] {
  return indices
    .filter((index) => index.aliases.includes(names.read) || index.aliases.includes(names.building))
    .map((index) => index.name);
}
