import { existsSync } from 'node:fs';
import type { Client } from '@opensearch-project/opensearch';
import { searchEngineContract, type ContractTarget } from '../contract/search-engine.contract';
import { createOpenSearchClient, OpenSearchSearchEngine } from './opensearch-search-engine';
import { allSitesPattern } from './request-bodies';

/** The same image as docker-compose.yml; OPENSEARCH_IMAGE pins another (2.15 or later, for the wildcard field). */
const IMAGE = process.env.OPENSEARCH_IMAGE ?? 'opensearchproject/opensearch:2';
const CONTAINER_START_MS = 240_000;

type Source = { kind: 'url'; url: string } | { kind: 'docker' } | { kind: 'none'; reason: string };

/** Decided synchronously at load, so a machine without OpenSearch never waits on one. */
function contractSource(): Source {
  const url = process.env.OPENSEARCH_URL;
  if (url) return { kind: 'url', url };
  if (process.env.DOCKER_HOST || existsSync('/var/run/docker.sock')) return { kind: 'docker' };
  return { kind: 'none', reason: 'OPENSEARCH_URL is not set and no Docker engine is reachable' };
}

async function target(url: string, stop: () => Promise<void>): Promise<ContractTarget> {
  // Unique per run, so parallel runs and leftovers of a crashed one never meet.
  const prefix = `test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const client: Client = createOpenSearchClient(url);
  const engine = new OpenSearchSearchEngine({ client, indexPrefix: prefix });
  return {
    engine,
    settle: async () => {
      await client.indices.refresh({ index: allSitesPattern(prefix) });
    },
    teardown: async () => {
      const leftovers = await client.indices.getAlias({ index: allSitesPattern(prefix) }, { ignore: [404] });
      const names = leftovers.statusCode === 404 ? [] : Object.keys(leftovers.body);
      if (names.length > 0) await client.indices.delete({ index: names, ignore_unavailable: true });
      await engine.close();
      await stop();
    },
  };
}

const source = contractSource();

describe('OpenSearchSearchEngine (real OpenSearch): the SearchEngine contract', () => {
  if (source.kind === 'none') {
    process.stdout.write(`OpenSearch contract skipped: ${source.reason}\n`);
    it.skip(`OpenSearch contract skipped: ${source.reason}`, () => undefined);
    return;
  }
  jest.setTimeout(source.kind === 'docker' ? CONTAINER_START_MS : 30_000);
  searchEngineContract(async () => {
    if (source.kind === 'url') return target(source.url, async () => undefined);
    const { OpenSearchContainer } = await import('@testcontainers/opensearch');
    const container = await new OpenSearchContainer(IMAGE).withSecurityEnabled(false).start();
    return target(container.getHttpUrl(), async () => {
      await container.stop();
    });
  });
});
