#!/usr/bin/env node
// `npm start`: check PostgreSQL and Redis, build, migrate, seed demo data when the database is
// empty, then run api (:3001), worker and web (:3000), and Caddy in front of the web over HTTPS
// (:3443) when it is installed, and print the URL of every site.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadDevEnv, presentValues } from './dotenv.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dotenv = loadDevEnv(root);
const shell = presentValues(process.env);
const env = {
  ...dotenv.values,
  ...shell,
  DATABASE_URL:
    shell.DATABASE_URL ?? dotenv.values.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dealer_platform',
  REDIS_URL: shell.REDIS_URL ?? dotenv.values.REDIS_URL ?? 'redis://127.0.0.1:6379',
  PORT: shell.PORT ?? '3001',
  // The web's port; the api and the worker name it in their links to a *.localhost site.
  WEB_PORT: shell.WEB_PORT ?? '3000',
  NX_DAEMON: shell.NX_DAEMON ?? 'false',
  NX_TUI: 'false',
};
// API_PROCESSES=2 runs two api processes (on PORT and PORT + 10), as a deployment runs replicas;
// the web takes each in turn (API_URL lists them).
const apiProcesses = Number(shell.API_PROCESSES ?? dotenv.values.API_PROCESSES ?? 1);
if (!Number.isInteger(apiProcesses) || apiProcesses < 1 || apiProcesses > 8) {
  process.stderr.write(`npm start: API_PROCESSES must be a whole number from 1 to 8, not '${shell.API_PROCESSES}'.\n`);
  process.exit(1);
}
const apiPorts = Array.from({ length: apiProcesses }, (_, i) => Number(env.PORT) + 10 * i);
env.API_URL = shell.API_URL ?? apiPorts.map((port) => `http://127.0.0.1:${port}`).join(',');

const HOW = 'Start it with `docker compose up -d postgres redis`, or set';

function fail(message) {
  process.stderr.write(`\nnpm start: ${message}\n`);
  process.exit(1);
}

async function preflight() {
  const { Client } = require('pg');
  const server = new URL(env.DATABASE_URL);
  server.pathname = '/postgres';
  const pg = new Client({ connectionString: server.toString(), connectionTimeoutMillis: 3000 });
  try {
    await pg.connect();
    await pg.query('SELECT 1');
  } catch (error) {
    fail(`PostgreSQL is not reachable at DATABASE_URL (${error.message}). ${HOW} DATABASE_URL to a running server.`);
  } finally {
    await pg.end().catch(() => undefined);
  }
  const Redis = require('ioredis');
  const redis = new Redis(env.REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    fail(`Redis is not reachable at REDIS_URL (${error.message}). ${HOW} REDIS_URL to a running server.`);
  } finally {
    redis.disconnect();
  }
}

function step(title, command, args, cwd = root) {
  process.stdout.write(`\n== ${title}\n`);
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) fail(`${title} failed (exit ${result.status}).`);
}

const children = [];
/** `optional`: the platform carries on when it exits (Caddy), instead of stopping with it. */
function run(name, command, args, cwd = root, overrides = {}, { optional = false } = {}) {
  const child = spawn(command, args, { cwd, env: { ...env, ...overrides }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    if (!stopping && optional) {
      process.stderr.write(`[${name}] exited (${signal ?? code}); the platform carries on without it\n`);
    } else if (!stopping) {
      process.stderr.write(`[${name}] exited (${signal ?? code}); stopping the platform\n`);
      stop(1);
    }
  });
  children.push(child);
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 12000).unref();
  Promise.all(
    children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve() : c.on('exit', resolve)))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  fail(`${url} did not answer within ${seconds} s.`);
}

/**
 * Makes the demo's camera-weight photos (once; kept in libs/seed/.demo-photos) and serves them on
 * DEMO_PHOTO_PORT (default 3090) at a fixed address, since the seeded cars name it. The worker may
 * fetch from it on loopback: OUTBOUND_ALLOWED_ADDRESSES gains 127.0.0.1:<that port> here, in
 * development only (that port alone, not every loopback port).
 */
async function startDemoPhotoHost() {
  const { writeDemoPhotos, startPhotoHost } = require('@platform/seed');
  const made = Date.now();
  const names = await writeDemoPhotos(path.join(root, 'libs/seed/.demo-photos'));
  const port = Number(shell.DEMO_PHOTO_PORT ?? dotenv.values.DEMO_PHOTO_PORT ?? 3090);
  const host = await startPhotoHost({ dir: path.join(root, 'libs/seed/.demo-photos'), port });
  // This host's address and port only: every other loopback port (the api, the worker's /metrics)
  // stays refused, as in production.
  const { hostname, port: served } = new URL(host.url);
  env.OUTBOUND_ALLOWED_ADDRESSES = [env.OUTBOUND_ALLOWED_ADDRESSES, `${hostname}:${served || 80}`]
    .filter(Boolean)
    .join(',');
  process.stdout.write(
    `\n== demo photo host: ${names.length} photos at ${host.url}/photos/ (ready in ${Math.round((Date.now() - made) / 1000)} s)\n`,
  );
  return host;
}

/**
 * HTTPS for every verified host (issue 51): Debian's `caddy`, when installed, in front of the web
 * with infra/caddy/Caddyfile.dev (Caddy's own local CA, on-demand certificates asked of the api's
 * /api/tls/ask). Its storage, with the local CA's root certificate, is .caddy/ under the project.
 */
const HTTPS_PORT = shell.HTTPS_PORT ?? dotenv.values.HTTPS_PORT ?? '3443';
const CADDY_STORAGE = path.join(root, '.caddy');
const CADDY_ROOT_CA = path.join(CADDY_STORAGE, 'pki/authorities/local/root.crt');
const caddyInstalled = spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;

function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => resolve(socket.end() && true));
    socket.on('error', () => resolve(false));
  });
}

async function startCaddy() {
  if (!caddyInstalled) {
    process.stdout.write(
      `\n== HTTPS: caddy is not installed, so the sites are served over http only (apt-get install caddy for https://<host>:${HTTPS_PORT})\n`,
    );
    return false;
  }
  process.stdout.write(
    `\n== HTTPS: starting Caddy in front of the web on port ${HTTPS_PORT} (infra/caddy/Caddyfile.dev)\n`,
  );
  run(
    'caddy',
    'caddy',
    ['run', '--config', 'infra/caddy/Caddyfile.dev', '--adapter', 'caddyfile'],
    root,
    {
      API_PORT: String(apiPorts[0]),
      WEB_PORT: env.WEB_PORT,
      HTTPS_PORT,
      CADDY_HTTP_PORT: shell.CADDY_HTTP_PORT ?? dotenv.values.CADDY_HTTP_PORT ?? '3480',
      CADDY_STORAGE,
      // Caddy's autosaved configuration stays under .caddy/ too, not in the developer's home.
      XDG_CONFIG_HOME: CADDY_STORAGE,
      XDG_DATA_HOME: CADDY_STORAGE,
    },
    { optional: true },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (existsSync(CADDY_ROOT_CA) && (await listening(HTTPS_PORT))) return true;
    await new Promise((r) => setTimeout(r, 300));
  }
  process.stdout.write(`\n== HTTPS: Caddy did not answer on port ${HTTPS_PORT} within 30 s; carrying on over http\n`);
  return false;
}

/**
 * Waits until the first photo of every demo car is stored (or refused), so the demo opens with
 * photos; the rest of each car's photos follow in the background.
 */
async function waitForFirstPhotos(seconds) {
  const { Client } = require('pg');
  const pg = new Client({ connectionString: env.DATABASE_URL });
  await pg.connect();
  const from = Date.now();
  try {
    for (;;) {
      const {
        rows: [row],
      } = await pg.query(
        // A car's first photo is its primary image, or the first of its gallery when it names none.
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE settled)::int AS settled FROM (
           SELECT cp.car_id, bool_and(p.status <> 'pending') AS settled FROM car_photos cp JOIN photos p ON p.id = cp.photo_id
           WHERE cp.field = 'primary_image_url' OR (cp.field = 'images' AND cp.position = 0) GROUP BY cp.car_id) firsts`,
      );
      if (row.settled >= row.total) {
        if (row.total > 0)
          process.stdout.write(
            `\n== demo photos: the first photo of all ${row.total} cars is stored (${Math.round((Date.now() - from) / 1000)} s); the rest follow in the background\n`,
          );
        return;
      }
      if (Date.now() - from > seconds * 1000) {
        process.stdout.write(
          `\n== demo photos: ${row.settled} of ${row.total} first photos stored after ${seconds} s; the rest follow in the background\n`,
        );
        return;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await pg.end().catch(() => undefined);
  }
}

const started = Date.now();
if (dotenv.created)
  process.stdout.write(`Created ${dotenv.file} from .env.example with a new OPS_TOKEN (ops API and /ops/queues).\n`);
await preflight();
step('build', 'npx', ['nx', 'run-many', '-t', 'build', '-p', 'api', 'worker', 'web', 'seed', '--parallel=2']);
// The demo's photos live on a plain web host of their own, as a dealer's do, and reach the pages
// through the same pipeline: fetched by the media worker, checked, stored and resized.
const photoHost = await startDemoPhotoHost();
step('database: migrate and seed demo data when empty', 'node', [
  'libs/seed/dist/cli.js',
  '--create-database',
  '--migrate',
  '--seed-if-empty',
  `--photo-host=${photoHost.url}`,
]);
for (const [i, port] of apiPorts.entries()) {
  run(apiProcesses > 1 ? `api ${i + 1}` : 'api', 'node', ['services/api/dist/main.js'], root, { PORT: String(port) });
}
run('worker', 'node', ['services/worker/dist/main.js']);
for (const port of apiPorts) await waitFor(`http://127.0.0.1:${port}/health/ready`, 60);
// Next's own binary, not npx, so the SIGTERM on stop reaches the server itself. With Caddy in
// front, the web believes X-Forwarded-For from Caddy's address (loopback) only.
run(
  'web',
  process.execPath,
  [require.resolve('next/dist/bin/next', { paths: [path.join(root, 'web')] }), 'start', '-p', env.WEB_PORT],
  path.join(root, 'web'),
  caddyInstalled ? { WEB_TRUST_PROXY: [env.WEB_TRUST_PROXY, '127.0.0.1', '::1'].filter(Boolean).join(',') } : {},
);
await waitFor(`http://127.0.0.1:${env.WEB_PORT}/`, 60);
const https = await startCaddy();

await waitForFirstPhotos(120);

const sites = await (await fetch(`http://127.0.0.1:${env.PORT}/api/sites`)).json();
process.stdout.write(`\nThe platform is up (${Math.round((Date.now() - started) / 1000)} s). Demo sites:\n`);
for (const site of sites) {
  const host = site.hosts.find((h) => h.endsWith('.localhost')) ?? site.hosts[0];
  process.stdout.write(
    `  ${site.name.padEnd(28)} http://${host}:${env.WEB_PORT}${https ? `  https://${host}:${HTTPS_PORT}` : ''}\n`,
  );
}
if (https)
  process.stdout.write(
    `  HTTPS (Caddy)                https://<host>:${HTTPS_PORT} for every verified host; its local CA's root certificate is\n` +
      `                               ${CADDY_ROOT_CA}\n` +
      `                               (trust it as docs/operations.md says, "HTTPS with Caddy", or the browser warns)\n`,
  );
// The ops console (issue 51): a demo operator and a fresh one-time link to sign them in.
const operator = await fetch(`http://127.0.0.1:${env.PORT}/api/ops/operators`, {
  method: 'POST',
  headers: { authorization: `Bearer ${env.OPS_TOKEN}`, 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'ops@platform.localhost', name: 'Demo operator' }),
}).then(
  (response) => (response.ok ? response.json() : null),
  () => null,
);
if (operator)
  process.stdout.write(
    `  ops console                  ${operator.sign_in_url.replace(/\/sign-in.*$/, '')}  sign in as ${operator.operator.email} within 15 minutes:\n` +
      `                               ${operator.sign_in_url}\n` +
      `                               (later: npm run ops -- operator --email ${operator.operator.email})\n`,
  );
process.stdout.write(
  `  all sites (development)      http://localhost:${env.WEB_PORT}\n  api                          http://localhost:${env.PORT}/health/ready\n  api docs (OpenAPI)           http://localhost:${env.PORT}/api/docs\n  queue dashboard              http://localhost:${env.PORT}/ops/queues  (any user, password: OPS_TOKEN in ${dotenv.file})\n\nCtrl+C stops everything.\n`,
);
