import { defineConfig, devices } from '@playwright/test';
import {
  API_ORIGIN,
  API_PORT,
  DNS_RESOLVER,
  e2eDatabaseName,
  e2eMediaDir,
  E2E_OPS_TOKEN,
  e2eRunId,
  PAGE_CACHE_VERSION_CHECK_MS,
  POSTGRES_URL,
  REDIS_URL,
  WEB_ORIGIN,
  WEB_PORT,
  WORKER_PORT,
} from './e2e/e2e-env';

/**
 * End-to-end tests: real Chromium (the system's, never a downloaded one) against the built web and
 * API, each run in its own database and Redis key prefix. Build first (`nx run web:e2e` does).
 */

const runId = e2eRunId();
const isCI = !!process.env['CI'];

/** Polls the api until it is ready (its database created and migrated), then exits for the next command. */
const WAIT_FOR_API = `const u='${API_ORIGIN}/health/ready',t=Date.now();(function p(){fetch(u).then(r=>r.ok?process.exit(0):setTimeout(p,500),()=>Date.now()-t>110000?process.exit(1):setTimeout(p,500))})()`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: 2,
  // The HTML report keeps each test's attachments (layout.spec's screenshots of every demo site at
  // both sizes) in web/playwright-report, to be looked at; it never opens a browser by itself.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: WEB_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
    headless: true,
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      name: 'api',
      // Creates this run's database, migrates it and seeds the demo sites, then serves the API.
      command:
        'node ../libs/seed/dist/cli.js --create-database --migrate --seed-if-empty && node ../services/api/dist/main.js',
      url: `${API_ORIGIN}/health/ready`,
      env: {
        DATABASE_URL: `${POSTGRES_URL}/${e2eDatabaseName(runId)}`,
        REDIS_URL,
        REDIS_PREFIX: `e2e-${runId}`,
        PORT: String(API_PORT),
        // The web's port: the api's links to a *.localhost site (sign-in links, feed URLs) name it.
        WEB_PORT: String(WEB_PORT),
        E2E_RUN_ID: runId,
        // Explicit, so a developer's .env or shell (another search engine, log level or ops
        // token) never changes what the suite tests; empty means unset.
        OPENSEARCH_URL: process.env['E2E_OPENSEARCH_URL'] ?? '',
        // The dealer console's tests play ops through the ops API (its first owner, a sign-in link).
        OPS_TOKEN: E2E_OPS_TOKEN,
        LOG_LEVEL: 'info',
        // The store the worker writes dealer photos to and the api serves them from: one folder.
        MEDIA_STORE_DIR: e2eMediaDir(runId),
        // Every test signs in from 127.0.0.1, one client to the API's per-client limit.
        SIGN_IN_CODE_LIMIT_PER_HOUR: '200',
        // Custom domains' TXT records are looked up on the DNS server onboarding-https.spec runs on loopback.
        DNS_RESOLVER,
        DNS_TIMEOUT_MS: '1000',
      },
      reuseExistingServer: !isCI,
      timeout: 120_000,
      // The API logs every request (pino) to stdout; failures to start show on stderr.
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The worker drains the search outbox (a reserved car shows Reserved), delivers leads and
      // sweeps reservations, as in production. Started once the api has migrated the database.
      name: 'worker',
      command: `node -e "${WAIT_FOR_API}" && node ../services/worker/dist/main.js`,
      url: `http://127.0.0.1:${WORKER_PORT}/health/ready`,
      env: {
        DATABASE_URL: `${POSTGRES_URL}/${e2eDatabaseName(runId)}`,
        REDIS_URL,
        REDIS_PREFIX: `e2e-${runId}`,
        WORKER_PORT: String(WORKER_PORT),
        // The web's port: the worker's links to a *.localhost site (emails, feed files) name it.
        WEB_PORT: String(WEB_PORT),
        MEDIA_STORE_DIR: e2eMediaDir(runId),
        // The suite's own photo hosts listen on loopback, which the guarded fetcher refuses unless listed.
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
        // The host verification sweep asks the same loopback DNS server as the api (onboarding-https.spec).
        DNS_RESOLVER,
        DNS_TIMEOUT_MS: '1000',
        OPENSEARCH_URL: process.env['E2E_OPENSEARCH_URL'] ?? '',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: !isCI,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      name: 'web',
      command: `npx next start -p ${WEB_PORT}`,
      url: `${WEB_ORIGIN}/`,
      env: {
        API_URL: API_ORIGIN,
        // Pages draw photos from the site's own origin alone: no image host is allowed beside it.
        CSP_IMAGE_HOSTS: '',
        NEXT_TELEMETRY_DISABLED: '1',
        E2E_RUN_ID: runId,
        PAGE_CACHE_VERSION_CHECK_MS: String(PAGE_CACHE_VERSION_CHECK_MS),
      },
      reuseExistingServer: !isCI,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
