import { SearchRequestSchema, type SearchRequestInput } from '@platform/domain';
import { car, documentOf } from '../contract/fixtures';
import { bulkFailures, readSearchResult } from './responses';

const request = (input: SearchRequestInput = {}) => SearchRequestSchema.parse(input);
const hit = documentOf(car({ id: 1, make: 'Toyota', model: 'Hilux' })).hit;

describe('readSearchResult', () => {
  const response = {
    hits: { total: { value: 9, relation: 'eq' }, hits: [{ _id: '1', _source: { hit } }] },
    aggregations: {
      make: {
        doc_count: 2,
        values: {
          buckets: [
            { key: 'Toyota', doc_count: 1 },
            { key: 'Mazda', doc_count: 1 },
          ],
        },
      },
      colour: { doc_count: 0, values: { buckets: [] } },
      price: { doc_count: 3, stats: { count: 3, min: 9990, max: 58990, avg: 1, sum: 3 } },
      km: { doc_count: 0, stats: { count: 0, min: null, max: null, avg: null, sum: 0 } },
    },
  };

  it('answers hits, the exact count, pages, counts per value and stats where values exist', () => {
    const result = readSearchResult(
      response,
      request({ hitsPerPage: 4, page: 2, facets: ['make', 'colour', 'price', 'km'] }),
      12,
    );
    expect(result).toEqual({
      hits: [hit],
      count: 9,
      facets: { make: { Toyota: 1, Mazda: 1 }, colour: {}, price: {}, km: {} },
      facetStats: { price: { min: 9990, max: 58990 } },
      pages: 3,
      page: 2,
      ms: 12,
    });
  });

  it('lists only facets with values when the request names none, as the PostgreSQL engine does', () => {
    const result = readSearchResult(response, request(), 1);
    expect(result.facets).toEqual({ make: { Toyota: 1, Mazda: 1 } });
  });

  it('answers an index-less site (no shards, no aggregations) as empty', () => {
    const empty = { hits: { total: { value: 0, relation: 'eq' }, hits: [] } };
    expect(readSearchResult(empty, request({ facets: ['make'] }), 0)).toMatchObject({
      hits: [],
      count: 0,
      pages: 0,
      facets: { make: {} },
      facetStats: {},
    });
  });
});

describe('bulkFailures', () => {
  const ok = { index: { _index: 'i', _id: '1', status: 201, result: 'created' } };

  it('accepts version conflicts of older documents and deletes of missing cars or retired versions', () => {
    expect(
      bulkFailures({
        errors: true,
        took: 1,
        items: [
          ok,
          {
            index: {
              _index: 'i',
              _id: '2',
              status: 409,
              error: { type: 'version_conflict_engine_exception', reason: 'older' },
            },
          },
          { delete: { _index: 'i', _id: '3', status: 404, result: 'not_found' } },
          {
            delete: {
              _index: 'gone',
              _id: '3',
              status: 404,
              error: { type: 'index_not_found_exception', reason: 'no such index' },
            },
          },
        ],
      }),
    ).toEqual([]);
  });

  it('reports every other failure with its reason', () => {
    expect(
      bulkFailures({
        errors: true,
        took: 1,
        items: [
          ok,
          {
            index: {
              _index: 'i',
              _id: '4',
              status: 400,
              error: { type: 'strict_dynamic_mapping_exception', reason: 'mapping set to strict' },
            },
          },
          {
            index: {
              _index: 'i',
              _id: '5',
              status: 429,
              error: { type: 'es_rejected_execution_exception', reason: 'queue full' },
            },
          },
        ],
      }),
    ).toEqual([
      'i/4: strict_dynamic_mapping_exception: mapping set to strict',
      'i/5: es_rejected_execution_exception: queue full',
    ]);
  });

  it('trusts errors: false', () => {
    expect(bulkFailures({ errors: false, took: 1, items: [ok] })).toEqual([]);
  });
});
