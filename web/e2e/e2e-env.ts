/**
 * Addresses and names shared by the Playwright config, its global teardown and the tests. Ports
 * differ from a developer's running platform (web 3000, api 3001) so both can run at once;
 * E2E_WEB_PORT and E2E_API_PORT move them, so two checkouts can run their suites side by side.
 */

export const WEB_PORT = Number(process.env['E2E_WEB_PORT'] ?? 3100);
export const API_PORT = Number(process.env['E2E_API_PORT'] ?? 3101);
export const WEB_ORIGIN = `http://127.0.0.1:${WEB_PORT}`;
export const API_ORIGIN = `http://127.0.0.1:${API_PORT}`;
/** The worker's health port: next to the api's unless E2E_WORKER_PORT says otherwise. */
export const WORKER_PORT = Number(process.env['E2E_WORKER_PORT'] ?? API_PORT + 1000);
/**
 * The loopback UDP port of the DNS server onboarding-https.spec runs for custom domains' TXT records,
 * which the api and worker ask (DNS_RESOLVER): beside the api's unless E2E_DNS_PORT says otherwise.
 */
export const DNS_PORT = Number(process.env['E2E_DNS_PORT'] ?? API_PORT + 2000);
export const DNS_RESOLVER = `127.0.0.1:${DNS_PORT}`;

/**
 * One id per `playwright test` run, chosen once by the runner process and handed to its workers
 * (and the web servers) through the environment, so they all agree on the database and key prefix.
 */
export function e2eRunId(): string {
  const existing = process.env['E2E_RUN_ID'];
  if (existing) return existing;
  const id = `${Date.now().toString(36)}_${process.pid}`;
  process.env['E2E_RUN_ID'] = id;
  return id;
}

export function e2eDatabaseName(runId = e2eRunId()): string {
  if (!/^[a-z0-9_]+$/.test(runId))
    throw new Error(`E2E_RUN_ID must be lower-case letters, digits and underscores: ${runId}`);
  return `platform_e2e_${runId}`;
}

/**
 * How often the e2e web server's page cache asks the api for a site's versions: a change to a
 * site's cars shows on its cached pages at most this long after the version moves.
 */
export const PAGE_CACHE_VERSION_CHECK_MS = 250;

/**
 * The run's local media store (MEDIA_STORE_DIR of its api and worker): the folder stored dealer
 * photos are served from, which a test may also write to as the worker would.
 */
export function e2eMediaDir(runId = e2eRunId()): string {
  return `${process.env['TMPDIR'] ?? '/tmp'}/platform-e2e-media-${runId}`;
}

export const POSTGRES_URL = process.env['E2E_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = process.env['E2E_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** The address of a site on the e2e web server: http://{slug}.localhost:3100/ (Chromium resolves *.localhost to loopback). */
export function siteUrl(slug: string, path = '/'): string {
  return `http://${slug}.localhost:${WEB_PORT}${path}`;
}

/**
 * The e2e api's ops token: the suite plays ops where a test needs it (the dealer console's first
 * owner and sign-in link come from the ops API). Only this run's api on loopback knows it.
 */
export const E2E_OPS_TOKEN = 'e2e-ops-token-only-for-this-test-run-0123456789';
