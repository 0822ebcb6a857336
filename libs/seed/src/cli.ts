import 'reflect-metadata';
import {
  createDataSource,
  DEFAULT_DATABASE_URL,
  ensureDatabase,
  parseDatabaseUrl,
  presentEnv,
  runMigrations,
} from '@platform/db';
import type { DataSource } from 'typeorm';
import { createSearchEngine, searchIndexPrefix } from '@platform/search';
import { SiteIndexer } from '@platform/stock';
import { reseed, seedIfEmpty, type SeedCounts } from './seed';

const USAGE = `Usage: node libs/seed/dist/cli.js [--create-database] [--migrate] [--seed-if-empty | --reseed]

  --create-database  create the database named in DATABASE_URL when it does not exist
  --migrate          apply pending migrations
  --seed-if-empty    seed the demo data only when there are no sites yet (the default)
  --reseed           empty the platform tables and seed the demo data again (one transaction)
  --photo-host=URL   name the cars' photos on this demo photo host (npm start runs one), so the
                     media worker fetches and stores them as it does a dealer's

After seeding, every site's search index is built (OpenSearch when OPENSEARCH_URL is set, else
the PostgreSQL projection; index names follow REDIS_PREFIX, default 'platform').
DATABASE_URL defaults to ${DEFAULT_DATABASE_URL}`;

interface Flags {
  createDatabase: boolean;
  migrate: boolean;
  seed: 'if-empty' | 'reseed';
  photoHost?: string;
}

function parseFlags(argv: string[]): Flags | 'help' {
  const flags: Flags = { createDatabase: false, migrate: false, seed: 'if-empty' };
  let seedFlags = 0;
  for (const arg of argv) {
    switch (arg) {
      case '--create-database':
        flags.createDatabase = true;
        break;
      case '--migrate':
        flags.migrate = true;
        break;
      case '--seed-if-empty':
        flags.seed = 'if-empty';
        seedFlags++;
        break;
      case '--reseed':
        flags.seed = 'reseed';
        seedFlags++;
        break;
      case '--help':
      case '-h':
        return 'help';
      default:
        if (arg.startsWith('--photo-host=')) {
          const url = new URL(arg.slice('--photo-host='.length));
          if (url.protocol !== 'http:' && url.protocol !== 'https:')
            throw new Error('--photo-host must be an http(s) URL');
          flags.photoHost = url.origin;
          break;
        }
        throw new Error(`unknown option '${arg}' (try --help)`);
    }
  }
  if (seedFlags > 1) throw new Error('choose one of --seed-if-empty and --reseed');
  return flags;
}

const describeCounts = (c: SeedCounts): string =>
  `${c.sites} sites, ${c.site_hosts} hosts, ${c.site_templates} templates, ${c.manufacturers} manufacturers, ` +
  `${c.dealerships} dealerships, ${c.dealership_websites} dealership websites, ${c.locations} locations, ` +
  `${c.location_hours} weekly hours, ${c.location_special_hours} special hours, ${c.location_reviews} reviews, ${c.cars} cars`;

async function main(): Promise<void> {
  const parsed = parseFlags(process.argv.slice(2));
  if (parsed === 'help') {
    console.log(USAGE);
    return;
  }
  const url = presentEnv().DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const { database } = parseDatabaseUrl(url);

  if (parsed.createDatabase) {
    const created = await ensureDatabase(url);
    console.log(`database ${database}: ${created ? 'created' : 'already exists'}`);
  }

  let dataSource: DataSource | undefined;
  try {
    dataSource = createDataSource({ url, poolSize: 2, applicationName: 'platform-seed' });
    await dataSource.initialize();

    if (parsed.migrate) {
      const applied = await runMigrations(dataSource);
      console.log(`migrations: ${applied.length ? `applied ${applied.length} (${applied.join(', ')})` : 'up to date'}`);
    }

    const now = new Date();
    if (parsed.seed === 'reseed') {
      const result = await reseed(dataSource, { now, photoHost: parsed.photoHost });
      console.log(`reseed: ${describeCounts(result.counts)} in ${result.ms} ms`);
    } else {
      const result = await seedIfEmpty(dataSource, { now, photoHost: parsed.photoHost });
      console.log(
        result.seeded
          ? `seed: ${describeCounts(result.counts)} in ${result.ms} ms`
          : 'seed: skipped, the database already has sites (use --reseed to replace them)',
      );
      if (!result.seeded) return;
    }
    await buildSearchIndexes(dataSource);
  } finally {
    if (dataSource?.isInitialized) await dataSource.destroy();
  }
}

/** Builds every site's search index from the freshly seeded cars, so search answers at once. */
async function buildSearchIndexes(dataSource: DataSource): Promise<void> {
  const started = Date.now();
  const engine = createSearchEngine({
    dataSource,
    opensearchUrl: presentEnv().OPENSEARCH_URL,
    indexPrefix: searchIndexPrefix(presentEnv().REDIS_PREFIX ?? 'platform'),
    // Seeding only writes the projection; in-memory indexes belong to the processes that search.
    memoryMaxDocuments: 0,
  });
  try {
    const indexer = new SiteIndexer(dataSource, engine);
    let documents = 0;
    for (const siteId of await indexer.siteIds()) documents += (await indexer.reindex(siteId)).done;
    // The seeded stock is the alert matcher's starting point: none of it is a 'new listing' later.
    await dataSource.query(
      `INSERT INTO alert_car_states (car_id, price, status, reserved) SELECT id, price, status, reserved FROM cars ON CONFLICT (car_id) DO NOTHING`,
    );
    console.log(`search index (${engine.kind}): ${documents} visible cars indexed in ${Date.now() - started} ms`);
  } finally {
    await engine.close();
  }
}

/** A hint for the two mistakes a first run makes: no database yet, no schema yet. */
function hintFor(message: string): string {
  if (/^database ".*" does not exist/.test(message)) return ' (add --create-database)';
  if (/^relation ".*" does not exist/.test(message)) return ' (add --migrate)';
  return '';
}

main().catch((error: unknown) => {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  console.error(`seed failed: ${message}${hintFor(message)}`);
  process.exitCode = 1;
});
