// The built api, worker and web on a freshly seeded demo database of their own, for benches that
// measure the platform as a shopper meets it (bench:load, bench:pages).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { dropDatabase } = require('@platform/db');

/**
 * The environment of a bench's own platform: a database and Redis prefix named after `name` (and
 * unique to the run), fresh secrets, production mode, the api on `apiPort` and the worker beside it.
 */
export function stackEnv({ name, apiPort }) {
  const server = process.env.BENCH_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${server}/platform_${name}_${tag}`;
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `${name}-${tag}`,
    OPS_TOKEN: randomBytes(24).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ALERT_LINK_SECRET: randomBytes(32).toString('hex'),
    // Production mode wants an SMS gateway, a mail server and a real payment provider; nobody signs
    // in or pays during a bench, so none is ever called.
    SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused-by-the-bench',
    SMTP_URL: 'smtp://127.0.0.1:9',
    STRIPE_SECRET_KEY: 'sk_test_unused_by_the_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_unused_by_the_bench',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_unused_by_the_bench',
    STRIPE_API_URL: 'http://127.0.0.1:9',
    PORT: String(apiPort),
    WORKER_PORT: String(apiPort + 2),
    API_URL: `http://127.0.0.1:${apiPort}`,
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    OPENSEARCH_URL: '',
  };
}

/**
 * `name` labels the database and Redis prefix; ports default per bench so two can run side by side.
 * `web: false` leaves the web out (a bench of the api alone need not build it). `env` adds to or
 * replaces the processes' environment (bench:publish's own mail server as SMTP_URL).
 */
export function platformStack({ name, apiPort, webPort, photos = false, web = true, env: extraEnv = {} }) {
  const env = { ...stackEnv({ name, apiPort }), ...extraEnv };
  const databaseUrl = env.DATABASE_URL;
  const children = [];
  // With `photos`, the demo's camera-weight photos come from a photo host of the bench's own, through
  // the media worker, into a media folder of its own: the pages then weigh what a dealer's do.
  let photoHost = null;
  const mediaDir = photos ? mkdtempSync(path.join(tmpdir(), `bench-${name}-media-`)) : null;
  if (mediaDir) {
    env.MEDIA_STORE_DIR = mediaDir;
    env.OUTBOUND_ALLOWED_ADDRESSES = '127.0.0.1';
  }
  const start = (label, args, cwd = root) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk) => process.stderr.write(`[${label}] ${chunk}`));
    children.push(child);
  };
  return {
    databaseUrl,
    /** The ops API's bearer token, for benches that act as ops (adding a dealer user). */
    opsToken: env.OPS_TOKEN,
    /** Creates, migrates and seeds the bench's database with the demo sites (and its photo host). */
    async seed() {
      if (photos) {
        const { writeDemoPhotos, startPhotoHost } = require('@platform/seed');
        const dir = path.join(root, 'libs/seed/.demo-photos');
        await writeDemoPhotos(dir);
        photoHost = await startPhotoHost({ dir });
      }
      const seeded = spawnSync(
        process.execPath,
        [
          'libs/seed/dist/cli.js',
          '--create-database',
          '--migrate',
          '--seed-if-empty',
          ...(photoHost ? [`--photo-host=${photoHost.url}`] : []),
        ],
        { cwd: root, env, stdio: 'inherit' },
      );
      if (seeded.status !== 0) throw new Error('seeding the bench database failed');
    },
    /** Waits until every photo of the demo is stored (or refused): the pages draw the real photos. */
    async photosStored(seconds) {
      const { createDataSource } = require('@platform/db');
      const dataSource = createDataSource({ url: databaseUrl, poolSize: 1, applicationName: `${name}-photos` });
      await dataSource.initialize();
      try {
        await waitUntil('the demo photos', seconds, async () => {
          const [{ pending }] = await dataSource.query(
            `SELECT (SELECT count(*)::int FROM photos WHERE status = 'pending') + (SELECT count(*)::int FROM photo_fetches) AS pending`,
          );
          return pending === 0;
        });
      } finally {
        await dataSource.destroy();
      }
    },
    /** Starts the built api, worker and, unless `web: false`, web (next start on webPort). */
    start() {
      // BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': profile the api under the bench's load
      // (NODE_OPTIONS refuses --cpu-prof).
      const apiArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
      start('api', [...apiArgs, 'services/api/dist/main.js']);
      start('worker', ['services/worker/dist/main.js']);
      if (!web) return;
      start(
        'web',
        [require.resolve('next/dist/bin/next', { paths: [path.join(root, 'web')] }), 'start', '-p', String(webPort)],
        path.join(root, 'web'),
      );
    },
    /** Stops what it started and drops its database. */
    async stop() {
      for (const child of children) child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await dropDatabase(databaseUrl).catch(() => undefined);
      await photoHost?.close();
      if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `probe()` answers true, or throws after `seconds`. */
export async function waitUntil(what, seconds, probe) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within ${seconds} s`);
}
