import { tmpdir } from 'node:os';
import path from 'node:path';
import { TERM_FACETS } from '@platform/domain';
import { documentOf, STOCK } from '../contract/fixtures';
import { CARS_INDEX_FILE, carsIndexBody, findRepoFile, parseIndexBody } from './index-mapping';

type Properties = Record<string, { type?: string; enabled?: boolean; normalizer?: string }>;
const properties = (): Properties => carsIndexBody().mappings?.properties as Properties;

describe('the cars index (infra/opensearch/cars-index.json)', () => {
  it('is strict and maps exactly the fields of a SearchDocument, so no document is refused or half indexed', () => {
    const body = carsIndexBody();
    expect(body.mappings?.dynamic).toBe('strict');
    const documentFields = new Set(STOCK.flatMap((stored) => Object.keys(documentOf(stored))));
    expect(Object.keys(properties()).sort()).toEqual([...documentFields].sort());
  });

  it('maps term facets and identifiers as keywords, numbers, dates and the stored-only hit', () => {
    const mapped = properties();
    for (const field of [...TERM_FACETS, 'stocknum', 'dealership_slug'])
      expect([field, mapped[field]?.type]).toEqual([field, 'keyword']);
    for (const field of [
      'id',
      'site_id',
      'dealership_id',
      'price',
      'km',
      'year',
      'subscription_price',
      'weekly_price',
      'custom_rank',
    ]) {
      expect([field, mapped[field]?.type]).toEqual([field, 'integer']);
    }
    expect(mapped['source_version']?.type).toBe('long');
    expect(mapped['created_at']?.type).toBe('date');
    expect(mapped['listed_until']?.type).toBe('date');
    expect(mapped['show_on_dealer_website']?.type).toBe('boolean');
    expect(mapped['search_text']).toMatchObject({ type: 'wildcard', normalizer: 'search_text_lowercase' });
    expect(mapped['hit']).toEqual({ type: 'object', enabled: false });
  });

  it('hands out a fresh copy each time', () => {
    const first = carsIndexBody();
    first.aliases = { x: {} };
    expect(carsIndexBody().aliases).toBeUndefined();
  });

  it('is found from the compiled library too, and a missing file is named', () => {
    const repo = path.resolve(__dirname, '../../../..');
    expect(findRepoFile(CARS_INDEX_FILE, path.join(repo, 'libs/search/dist/opensearch'))).toBe(
      path.join(repo, CARS_INDEX_FILE),
    );
    expect(() => findRepoFile('infra/opensearch/no-such.json', tmpdir())).toThrow(/no-such\.json was not found/);
  });

  it('refuses a body without mappings', () => {
    expect(() => parseIndexBody('{"settings":{}}', 'x.json')).toThrow(/x\.json must hold/);
  });
});
