import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import { QueueProducer } from '@platform/queues';
import { PostgresSearchEngine } from '@platform/search';
import { seedDemoData } from '@platform/seed';
import { SiteIndexer, startStockWorkers } from '@platform/stock';
import { createTestDatabase, TEST_REDIS_URL, uniqueRedisPrefix, type TestDatabase } from '@platform/testing';
import { createApiApp } from '../bootstrap';
import { ApiEnvSchema } from '../env';

/**
 * docs/feeds.md tells an integrator to paste its curl examples, in order, into a shell against
 * `npm start`. This runs them exactly so, with bash and the real curl, against the real api and
 * stock workers on a database seeded with the demo data (so the guide's dealership and location
 * exist): only the setup block's `API=` and `OPS_TOKEN=` lines are given this test's values, as
 * a reader gives theirs. Each example must exit 0, and where the guide shows an answer right after
 * an example, the example's output must have that answer's shape (see `sameShape`).
 */
const GUIDE = path.resolve(__dirname, '../../../../docs/feeds.md');
const OPS_TOKEN = 'feed-guide-ops-token-0123456789abcdef';

interface Example {
  line: number;
  code: string;
  answer?: { lang: string; text: string; line: number };
}

/** The guide's sh blocks in order, each with the json or text block that follows it, if any. */
export function examples(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    lang: match[1],
    text: match[2],
    line: markdown.slice(0, match.index).split('\n').length,
  }));
  const found: Example[] = [];
  for (const block of blocks) {
    if (block.lang === 'sh') found.push({ line: block.line, code: block.text });
    else if (['json', 'text'].includes(block.lang) && found.length && !found[found.length - 1].answer)
      found[found.length - 1].answer = block;
  }
  return found;
}

const PLACEHOLDER = /…|^\d{4}-\d\d-\d\dT/;

/**
 * Whether an actual answer has the shape the guide shows: the same keys at every level, arrays of
 * the same length, numbers, booleans and nulls equal, strings equal unless the guide shows a
 * placeholder ('…' anywhere, or a timestamp), where any string will do.
 */
export function sameShape(shown: unknown, actual: unknown, at = '$'): string[] {
  if (typeof shown === 'string' && PLACEHOLDER.test(shown)) {
    return typeof actual === 'string' ? [] : [`${at}: shown a string, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual) || actual.length !== shown.length)
      return [`${at}: shown ${shown.length} entries, got ${JSON.stringify(actual)}`];
    return shown.flatMap((entry, i) => sameShape(entry, actual[i], `${at}[${i}]`));
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return [`${at}: shown an object, got ${JSON.stringify(actual)}`];
    const shownKeys = Object.keys(shown).sort();
    const actualKeys = Object.keys(actual).sort();
    if (shownKeys.join() !== actualKeys.join()) return [`${at}: shown keys ${shownKeys}, got ${actualKeys}`];
    return shownKeys.flatMap((key) =>
      sameShape((shown as Record<string, unknown>)[key], (actual as Record<string, unknown>)[key], `${at}.${key}`),
    );
  }
  return shown === actual ? [] : [`${at}: shown ${JSON.stringify(shown)}, got ${JSON.stringify(actual)}`];
}

/** The setup block with the reader's own values: the api's address and the ops token. */
function withOurValues(code: string, api: string): string {
  const lines = code.split('\n');
  for (const [name, value] of [
    ['API', api],
    ['OPS_TOKEN', OPS_TOKEN],
  ]) {
    const at = lines.findIndex((line) => line.startsWith(`${name}=`));
    if (at < 0) throw new Error(`The guide's setup block no longer sets ${name}=`);
    lines[at] = `${name}='${value}'`;
  }
  return lines.join('\n');
}

describe('docs/feeds.md: the curl examples, run as written against the real api and worker', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let redis: Redis;
  let producer: QueueProducer;
  let stopWorkers: () => Promise<void>;
  let api: string;
  let workdir: string;

  beforeAll(async () => {
    db = await createTestDatabase('platform_api_feed_guide');
    await seedDemoData(db.dataSource, { now: new Date() });
    const prefix = uniqueRedisPrefix();
    app = await createApiApp(
      ApiEnvSchema.parse({
        DATABASE_URL: db.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        OPS_TOKEN,
      }),
    );
    await app.listen(0, '127.0.0.1');
    api = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    redis = new Redis(TEST_REDIS_URL);
    producer = new QueueProducer(redis, prefix);
    const engine = new PostgresSearchEngine(db.dataSource);
    stopWorkers = await startStockWorkers({
      dataSource: db.dataSource,
      engine,
      producer,
      indexer: new SiteIndexer(db.dataSource, engine),
      redisUrl: TEST_REDIS_URL,
      prefix,
      schedule: false,
    });
    workdir = mkdtempSync(path.join(tmpdir(), 'feed-guide-'));
  }, 120_000);

  afterAll(async () => {
    await stopWorkers?.();
    await producer?.close();
    redis?.disconnect();
    await app?.close();
    await db?.destroy();
    if (workdir) rmSync(workdir, { recursive: true, force: true });
  });

  it('finds the examples: setup, key, JSON, CSV, snapshot, reject, photos, wrong key, reviews', () => {
    const found = examples(readFileSync(GUIDE, 'utf8'));
    expect(found.length).toBeGreaterThanOrEqual(9);
    expect(found.every((example) => example.code.includes('curl') || example.code.includes('run_status'))).toBe(true);
  });

  it('every example exits 0 in one shell, in order, and answers what the guide shows', async () => {
    const found = examples(readFileSync(GUIDE, 'utf8'));
    const script = [
      'set -euo pipefail',
      ...found.map((example, i) => {
        const code = i === 0 ? withOurValues(example.code, api) : example.code;
        return `echo "example at line ${example.line}" >&2\n{\n${code}\n} > '${workdir}/${i}.out'`;
      }),
    ].join('\n');
    writeFileSync(path.join(workdir, 'guide.sh'), script);
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile('bash', [path.join(workdir, 'guide.sh')], { cwd: workdir, timeout: 90_000 }, (error, _out, err) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stderr: err }),
      );
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: expect.any(String) });

    const problems = found.flatMap((example, i) => {
      if (!example.answer) return [];
      const output = readFileSync(path.join(workdir, `${i}.out`), 'utf8').trim();
      const where = `example at line ${example.line} (answer at line ${example.answer.line})`;
      if (example.answer.lang === 'text')
        return output === example.answer.text.trim() ? [] : [`${where}: shown ${example.answer.text}, got ${output}`];
      let actual: unknown;
      try {
        actual = JSON.parse(output);
      } catch {
        return [`${where}: not JSON: ${output}`];
      }
      return sameShape(JSON.parse(example.answer.text), actual).map((problem) => `${where}: ${problem}`);
    });
    expect(problems).toEqual([]);
  }, 120_000);

  it('sameShape tells a placeholder from a value', () => {
    expect(
      sameShape({ id: 'a-…', at: '2026-01-01T00:00:00Z', n: 1, s: 'held' }, { id: 'x', at: 'y', n: 1, s: 'held' }),
    ).toEqual([]);
    expect(sameShape({ n: 1 }, { n: 2 })).toEqual(['$.n: shown 1, got 2']);
    expect(sameShape({ s: 'held' }, { s: 'failed' })).toEqual(['$.s: shown "held", got "failed"']);
    expect(sameShape({ a: 1 }, { a: 1, b: 2 })).toEqual(['$: shown keys a, got a,b']);
  });
});
