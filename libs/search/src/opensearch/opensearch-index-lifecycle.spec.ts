import { errors, type API, type ApiResponse, type Client, type Types } from '@opensearch-project/opensearch';
import { SearchRequestSchema } from '@platform/domain';
import { car, documentOf, NOW } from '../contract/fixtures';
import { OpenSearchSearchEngine } from './opensearch-search-engine';

type BulkItem = Types.Core_Bulk.Item;

const responseError = (status: number, type: string): errors.ResponseError =>
  new errors.ResponseError({
    body: { error: { type, reason: type }, status },
    statusCode: status,
    headers: {},
    warnings: null,
  } as unknown as ApiResponse);

/**
 * Index and alias bookkeeping of a cluster, enough to check how the engine names, creates, swaps and
 * deletes versions. Query semantics are the contract suite's job against a real OpenSearch.
 */
class FakeCluster {
  readonly aliases = new Map<string, Set<string>>();
  readonly bulks: API.Bulk_RequestBody[] = [];
  readonly creates: { index: string; body?: API.Indices_Create_RequestBody }[] = [];
  readonly calls: { method: string; params: unknown }[] = [];
  readonly mappings: API.Indices_PutMapping_Request[] = [];
  /** Runs before a create, e.g. to let another writer win the race. */
  beforeCreate: (index: string) => void = () => undefined;
  bulkItems: (body: API.Bulk_RequestBody) => BulkItem[] = (body) =>
    body
      .filter((line): line is { index: { _index: string } } => 'index' in line)
      .map((line) => ({ index: { _index: line.index._index, status: 201 } }));

  state(): Record<string, string[]> {
    return Object.fromEntries([...this.aliases].map(([index, aliases]) => [index, [...aliases].sort()]));
  }

  client(): Client {
    const matching = (pattern: string) => {
      const regex = new RegExp(
        `^${pattern
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\-]/g, '\\$&'))
          .join('.*')}$`,
      );
      return [...this.aliases.keys()].filter((index) => regex.test(index));
    };
    const fake = {
      indices: {
        getAlias: async (params: API.Indices_GetAlias_Request) => ({
          statusCode: 200,
          body: Object.fromEntries(
            matching(String(params.index)).map((index) => [
              index,
              { aliases: Object.fromEntries([...(this.aliases.get(index) ?? [])].map((a) => [a, {}])) },
            ]),
          ),
        }),
        create: async (params: API.Indices_Create_Request) => {
          this.beforeCreate(params.index);
          if (this.aliases.has(params.index)) throw responseError(400, 'resource_already_exists_exception');
          this.creates.push({ index: params.index, body: params.body });
          this.aliases.set(params.index, new Set(Object.keys(params.body?.aliases ?? {})));
          return { statusCode: 200, body: { acknowledged: true } };
        },
        delete: async (params: API.Indices_Delete_Request) => {
          this.calls.push({ method: 'indices.delete', params });
          for (const index of [params.index].flat()) this.aliases.delete(String(index));
          return { statusCode: 200, body: { acknowledged: true } };
        },
        putMapping: async (params: API.Indices_PutMapping_Request) => {
          this.mappings.push(params);
          return { statusCode: 200, body: { acknowledged: true } };
        },
        updateAliases: async (params: API.Indices_UpdateAliases_Request) => {
          this.calls.push({ method: 'indices.updateAliases', params });
          for (const action of params.body.actions ?? []) {
            if (action.add) this.aliases.get(String(action.add.index))?.add(String(action.add.alias));
            if (action.remove) this.aliases.get(String(action.remove.index))?.delete(String(action.remove.alias));
          }
          return { statusCode: 200, body: { acknowledged: true } };
        },
      },
      bulk: async (params: API.Bulk_Request) => {
        this.bulks.push(params.body);
        const items = this.bulkItems(params.body);
        return {
          statusCode: 200,
          body: { errors: items.some((item) => item.index?.error || item.delete?.error), took: 1, items },
        };
      },
      search: async (params: API.Search_Request) => {
        this.calls.push({ method: 'search', params });
        return { statusCode: 200, body: { hits: { total: { value: 0, relation: 'eq' }, hits: [] } } };
      },
      deleteByQuery: async (params: API.DeleteByQuery_Request) => {
        this.calls.push({ method: 'deleteByQuery', params });
        return { statusCode: 200, body: { deleted: 2 } };
      },
      close: async () => undefined,
    };
    return fake as unknown as Client;
  }
}

const indexedInto = (body: API.Bulk_RequestBody): string[] =>
  body.flatMap((line) => ('index' in line ? [String((line as { index: { _index: string } }).index._index)] : []));

describe('OpenSearchSearchEngine index lifecycle (fake cluster)', () => {
  const doc = documentOf(car({ id: 40, make: 'Kia', model: 'Sportage' }));
  let cluster: FakeCluster;
  let engine: OpenSearchSearchEngine;

  beforeEach(() => {
    cluster = new FakeCluster();
    engine = new OpenSearchSearchEngine({ client: cluster.client(), indexPrefix: 'p' });
  });

  it('creates a site’s first version with the mapping and the read alias in one request, then writes to it', async () => {
    await engine.upsert(7, [doc]);
    expect(cluster.state()).toEqual({ 'p-site-7-v1': ['p-site-7'] });
    expect(cluster.creates[0]?.body).toMatchObject({ mappings: { dynamic: 'strict' }, aliases: { 'p-site-7': {} } });
    expect(indexedInto(cluster.bulks[0] ?? [])).toEqual(['p-site-7-v1']);
  });

  it('brings a version made before a mapping change up to date before its first write, once', async () => {
    cluster.aliases.set('p-site-7-v3', new Set(['p-site-7']));
    await engine.upsert(7, [doc]);
    await engine.upsert(7, [doc]);
    expect(cluster.mappings).toHaveLength(1);
    expect(cluster.mappings[0]?.index).toEqual(['p-site-7-v3']);
    expect(Object.keys(cluster.mappings[0]?.body.properties ?? {})).toEqual(expect.arrayContaining(['available']));
    expect(cluster.bulks).toHaveLength(2);
  });

  it('accepts losing the race to create the first version', async () => {
    cluster.beforeCreate = (index) => {
      if (!cluster.aliases.has(index)) cluster.aliases.set(index, new Set(['p-site-7']));
    };
    await engine.upsert(7, [doc]);
    expect(cluster.state()).toEqual({ 'p-site-7-v1': ['p-site-7'] });
    expect(indexedInto(cluster.bulks[0] ?? [])).toEqual(['p-site-7-v1']);
  });

  it('ignores the version conflict of an older document but throws on any other failed item, quoting it', async () => {
    cluster.bulkItems = () => [
      {
        index: { _index: 'p-site-7-v1', _id: '40', status: 409, error: { type: 'version_conflict_engine_exception' } },
      },
    ];
    await expect(engine.upsert(7, [doc])).resolves.toBeUndefined();
    cluster.bulkItems = () => [
      {
        index: {
          _index: 'p-site-7-v1',
          _id: '40',
          status: 400,
          error: { type: 'mapper_parsing_exception', reason: 'bad price' },
        },
      },
    ];
    await expect(engine.upsert(7, [doc])).rejects.toThrow(
      'OpenSearch bulk write failed for 1 item(s): p-site-7-v1/40: mapper_parsing_exception: bad price',
    );
  });

  it('reindexes beside the live version: stale versions go, live writes reach both, the swap is one alias change', async () => {
    cluster.aliases.set('p-site-7-v1', new Set(['p-site-7']));
    cluster.aliases.set('p-site-7-v2', new Set(['p-site-7-building'])); // a crashed reindex
    cluster.aliases.set('p-site-7-v3', new Set()); // a commit that stopped before deleting its old version
    cluster.aliases.set('p-site-70-v1', new Set(['p-site-70'])); // another site

    const session = await engine.beginReindex(7);
    expect(session.version).toBe('4');
    expect(cluster.state()).toEqual({
      'p-site-7-v1': ['p-site-7'],
      'p-site-7-v4': ['p-site-7-building'],
      'p-site-70-v1': ['p-site-70'],
    });

    await engine.upsert(7, [doc]);
    expect(indexedInto(cluster.bulks.at(-1) ?? [])).toEqual(['p-site-7-v1', 'p-site-7-v4']);
    await session.write([doc]);
    expect(indexedInto(cluster.bulks.at(-1) ?? [])).toEqual(['p-site-7-v4']);

    await session.commit();
    expect(cluster.state()).toEqual({ 'p-site-7-v4': ['p-site-7'], 'p-site-70-v1': ['p-site-70'] });
    expect(cluster.calls.filter((call) => call.method === 'indices.updateAliases')).toHaveLength(1);
    expect(cluster.calls.at(-1)).toEqual({
      method: 'indices.delete',
      params: { index: ['p-site-7-v1'], ignore_unavailable: true },
    });
  });

  it('aborts by dropping the new version only, after which it can no longer be committed', async () => {
    await engine.upsert(7, [doc]);
    const session = await engine.beginReindex(7);
    await session.abort();
    expect(cluster.state()).toEqual({ 'p-site-7-v1': ['p-site-7'] });
    await expect(session.commit()).rejects.toThrow('Index p-site-7-v2 is no longer being built');
  });

  it('removes from every version behind either alias, and does nothing for a site without an index', async () => {
    await engine.remove(7, [40]);
    expect(cluster.bulks).toHaveLength(0);
    await engine.upsert(7, [doc]);
    await engine.beginReindex(7);
    await engine.remove(7, [40]);
    expect(cluster.bulks.at(-1)).toEqual([
      { delete: { _index: 'p-site-7-v1', _id: '40' } },
      { delete: { _index: 'p-site-7-v2', _id: '40' } },
    ]);
  });

  it('drops every version of the site by name', async () => {
    cluster.aliases.set('p-site-7-v1', new Set(['p-site-7']));
    cluster.aliases.set('p-site-7-v2', new Set(['p-site-7-building']));
    cluster.aliases.set('p-site-70-v1', new Set(['p-site-70']));
    await engine.dropSite(7);
    expect(cluster.state()).toEqual({ 'p-site-70-v1': ['p-site-70'] });
  });

  it('queries the read alias, tolerating a site without an index', async () => {
    const result = await engine.query(
      { siteId: 7, dealershipIds: [1], visibilityFilters: [], positivePriceOnPriceAsc: false },
      SearchRequestSchema.parse({ facets: ['make'] }),
      NOW,
    );
    expect(cluster.calls[0]).toMatchObject({
      method: 'search',
      params: { index: 'p-site-7', ignore_unavailable: true },
    });
    expect(result).toMatchObject({ hits: [], count: 0, facets: { make: {} }, pages: 0 });
  });

  it('purges across every site of the prefix and reports how many went', async () => {
    await expect(engine.purgeExpired(NOW)).resolves.toBe(2);
    expect(cluster.calls[0]).toMatchObject({
      method: 'deleteByQuery',
      params: { index: 'p-site-*', conflicts: 'proceed' },
    });
  });

  it('refuses an index prefix OpenSearch would refuse', () => {
    expect(() => new OpenSearchSearchEngine({ client: cluster.client(), indexPrefix: 'Platform' })).toThrow(
      /lower-case/,
    );
  });
});
