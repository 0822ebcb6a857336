import http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { z } from 'zod';
import { isDevIndexHost, parseHost } from '../tenancy/host';
import { chooseEncoding, varyWithAcceptEncoding } from './accept-encoding';
import { PageCache, reissue } from './page-cache';
import { pageCacheDecision, pageCacheKey } from './page-cache-policy';
import { SiteVersions, versionFromApi, type SiteVersion } from './site-versions';

/** Says how a page was answered: HIT (from the cache), MISS (rendered, and kept if shareable), BYPASS (rendered for this request only). */
export const PAGE_CACHE_HEADER = 'x-page-cache';

const EnvSchema = z.object({
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(0).max(4096).default(64),
  PAGE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  PAGE_CACHE_VERSION_CHECK_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
});
export type PageCacheEnv = z.infer<typeof EnvSchema>;

export function pageCacheEnv(env: Record<string, string | undefined>): PageCacheEnv {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0])}: ${issue?.message}`);
  }
  return parsed.data;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const unbrotli = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);

/** The body as the page was rendered, whatever Next compressed it with; null for an encoding not understood. */
async function decoded(body: Buffer, encoding: string | undefined): Promise<Buffer | null> {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return body;
    case 'br':
      return unbrotli(body);
    case 'gzip':
      return gunzip(body);
    case 'deflate':
      return inflate(body);
    default:
      return null;
  }
}

/** Compressed for this client: brotli at a fast level or gzip, as its Accept-Encoding weighs them, else as is. */
async function encodedFor(
  acceptEncoding: string | string[] | undefined,
  body: Buffer,
): Promise<{ body: Buffer; encoding: string | null }> {
  switch (chooseEncoding(acceptEncoding, ['br', 'gzip'])) {
    case 'br':
      return { body: await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }), encoding: 'br' };
    case 'gzip':
      return { body: await gzip(body, { level: 6 }), encoding: 'gzip' };
    default:
      return { body, encoding: null };
  }
}

const headerValue = (value: number | string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(', ') : String(value ?? '');

type Answer = { status: number; headers: [string, string][]; body: Buffer };

/**
 * Records what Next sends for one response (status, headers, body bytes) without changing it, and
 * hands it over when the response has finished.
 */
function record(res: http.ServerResponse, maxBytes: number, done: (answer: Answer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const headHeaders: [string, string][] = [];
  const keep = (chunk: unknown, encoding: unknown): void => {
    if (overflow || chunk == null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : ArrayBuffer.isView(chunk)
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : null;
    if (!buffer) return;
    size += buffer.length;
    if (size > maxBytes) {
      overflow = true;
      chunks.length = 0;
    } else chunks.push(Buffer.from(buffer));
  };
  const { writeHead, write, end } = res;
  res.writeHead = function recordedWriteHead(this: http.ServerResponse, ...args: unknown[]) {
    const given = args.find((arg) => typeof arg === 'object' && arg !== null);
    if (Array.isArray(given)) {
      for (let i = 0; i + 1 < given.length; i += 2)
        headHeaders.push([String(given[i]).toLowerCase(), String(given[i + 1])]);
    } else if (given) {
      for (const [name, value] of Object.entries(given)) headHeaders.push([name.toLowerCase(), headerValue(value)]);
    }
    return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  res.write = function recordedWrite(this: http.ServerResponse, ...args: unknown[]) {
    keep(args[0], args[1]);
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof res.write;
  res.end = function recordedEnd(this: http.ServerResponse, ...args: unknown[]) {
    keep(args[0], args[1]);
    return (end as (...a: unknown[]) => http.ServerResponse).apply(this, args);
  } as typeof res.end;
  res.once('finish', () => {
    if (overflow) return;
    const headers = new Map<string, string>();
    for (const [name, value] of Object.entries(res.getHeaders())) headers.set(name.toLowerCase(), headerValue(value));
    for (const [name, value] of headHeaders) headers.set(name, value);
    done({ status: res.statusCode, headers: [...headers], body: Buffer.concat(chunks) });
  });
}

const INSTALLED = Symbol.for('dealer-platform.page-cache');

/**
 * The shared page cache, in front of Next in the same process (installed from instrumentation.ts).
 * An anonymous GET for a page is answered from a page rendered earlier for the same site and URL
 * while the site's search and configuration versions are the ones it was rendered at; otherwise Next
 * renders it and the answer is kept if it may be shared. Every answer from the cache gets a fresh
 * CSP nonce. A Next cache (ISR) cannot do this: the per-request nonce makes every page dynamic.
 */
export function installPageCache(
  env: PageCacheEnv,
  lookup: (hostname: string) => Promise<SiteVersion | null> = versionFromApi(),
): PageCache | null {
  if (env.PAGE_CACHE_MAX_MB === 0) return null;
  const state = globalThis as unknown as Record<symbol, PageCache | undefined>;
  if (state[INSTALLED]) return state[INSTALLED];
  const cache = new PageCache({
    maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
    maxAgeMs: env.PAGE_CACHE_MAX_AGE_SECONDS * 1000,
  });
  state[INSTALLED] = cache;
  const versions = new SiteVersions(lookup, env.PAGE_CACHE_VERSION_CHECK_MS);

  async function answerFromCache(request: http.IncomingMessage, response: http.ServerResponse): Promise<boolean> {
    const hostname = parseHost(request.headers.host ?? null)?.hostname;
    if (!hostname || isDevIndexHost(hostname)) return false;
    const site = await versions.current(hostname);
    if (site === null) {
      response.setHeader(PAGE_CACHE_HEADER, 'BYPASS');
      return false;
    }
    // Keyed by the site, never by the Host as sent: every host and spelling of a site shares one
    // page, and pages take their absolute URLs from the site alone (lib/seo/site-origin.ts).
    const { version } = site;
    const key = pageCacheKey(site.primaryHost, request.url ?? '/');
    const page = cache.get(key, version);
    if (!page) {
      response.setHeader(PAGE_CACHE_HEADER, 'MISS');
      record(response, 4 * 1024 * 1024, (answer) => {
        void decoded(answer.body, answer.headers.find(([name]) => name === 'content-encoding')?.[1])
          .then((body) => body && cache.offer(key, version, { ...answer, body }))
          .catch(() => undefined);
      });
      return false;
    }
    const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
    const fresh = reissue(page, nonce);
    const { body, encoding } = await encodedFor(request.headers['accept-encoding'], fresh.body);
    // A shared cache in front must not give this coding to a client that did not ask for it.
    const vary = varyWithAcceptEncoding(fresh.headers.find(([name]) => name === 'vary')?.[1]);
    const headers: [string, string][] = [
      ...fresh.headers.filter(([name]) => name !== 'vary'),
      ['vary', vary],
      [PAGE_CACHE_HEADER, 'HIT'],
      ['content-length', String(body.length)],
    ];
    if (encoding) headers.push(['content-encoding', encoding]);
    response.writeHead(page.status, headers.flat());
    response.end(body);
    return true;
  }

  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function pageCacheEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
    const render = () => emit.call(this, event, ...args);
    const decision = pageCacheDecision(request);
    if (decision !== 'cache') {
      if (decision === 'bypass') response.setHeader(PAGE_CACHE_HEADER, 'BYPASS');
      return render();
    }
    answerFromCache(request, response).then(
      (answered) => {
        if (!answered) render();
      },
      () => {
        if (!response.headersSent) render();
      },
    );
    return true;
  } as typeof http.Server.prototype.emit;
  return cache;
}
