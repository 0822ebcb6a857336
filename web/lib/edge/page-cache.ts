import { LRUCache } from 'lru-cache';
import { PERSONAL_PAGE_MARK } from './personal-page';
import { goodUntilOf } from './page-good-until';

/** A rendered page as it was sent, body uncompressed, with the nonce it was rendered with. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  nonce: string;
  /** The site's versions (search and configuration) read before it was rendered. */
  version: string;
  storedAt: number;
  /** Epoch ms from which the page is wrong by the clock alone (a campaign ends), or null. */
  goodUntil: number | null;
}

export interface PageCacheOptions {
  /** Bytes of page bodies kept in this process; the least recently used go first. */
  maxBytes: number;
  /** A backstop for what no version covers (review counts, a lender's disclaimer): older pages are rendered again. */
  maxAgeMs: number;
  /** A page larger than this is never kept. */
  maxPageBytes?: number;
  now?: () => number;
}

/** Headers that describe one transfer, not the page: set afresh on every answer. */
const PER_RESPONSE = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'x-page-cache',
  'age',
]);

const NONCE_IN_POLICY = /'nonce-([A-Za-z0-9+/=_-]{16,})'/;

/** The nonce a page was rendered with, read from its Content-Security-Policy. */
export function nonceOf(contentSecurityPolicy: string | undefined): string | null {
  return NONCE_IN_POLICY.exec(contentSecurityPolicy ?? '')?.[1] ?? null;
}

/**
 * Rendered anonymous pages, kept while the site's versions are unchanged. A page is only worth
 * keeping when it is the complete HTML answer of a 200, sets no cookie, carries a CSP nonce (so a
 * fresh one can replace it) and is not marked personal.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly maxAgeMs: number;
  private readonly maxPageBytes: number;
  private readonly now: () => number;

  constructor(options: PageCacheOptions) {
    this.maxAgeMs = options.maxAgeMs;
    this.maxPageBytes = options.maxPageBytes ?? 4 * 1024 * 1024;
    this.now = options.now ?? Date.now;
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (page) => Math.max(1, page.body.length),
    });
  }

  /** The page kept for key when it was rendered at this version and is young enough. */
  get(key: string, version: string): CachedPage | null {
    const page = this.entries.get(key);
    if (!page) return null;
    const now = this.now();
    if (
      page.version !== version ||
      now - page.storedAt > this.maxAgeMs ||
      (page.goodUntil !== null && now >= page.goodUntil)
    ) {
      this.entries.delete(key);
      return null;
    }
    return page;
  }

  /** Keeps a rendered answer when it may be shared; says whether it did. */
  offer(key: string, version: string, answer: { status: number; headers: [string, string][]; body: Buffer }): boolean {
    if (answer.status !== 200 || answer.body.length > this.maxPageBytes) return false;
    const header = (name: string) => answer.headers.find(([n]) => n === name)?.[1];
    if (!/^text\/html\b/i.test(header('content-type') ?? '')) return false;
    if (answer.headers.some(([name]) => name === 'set-cookie')) return false;
    const nonce = nonceOf(header('content-security-policy'));
    if (!nonce) return false;
    if (answer.body.includes(PERSONAL_PAGE_MARK)) return false;
    const goodUntil = goodUntilOf(answer.body);
    if (goodUntil !== null && this.now() >= goodUntil) return false;
    this.entries.set(key, {
      status: answer.status,
      headers: answer.headers.filter(([name]) => !PER_RESPONSE.has(name)),
      body: answer.body,
      nonce,
      version,
      storedAt: this.now(),
      goodUntil,
    });
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A kept page as a new answer: every use of its nonce (script tags, the CSP header) replaced by a
 * fresh one, so no two answers share a nonce, exactly as a fresh render would be.
 */
export function reissue(
  page: CachedPage,
  nonce: string,
  now = Date.now(),
): { headers: [string, string][]; body: Buffer } {
  const body = Buffer.from(page.body.toString('utf8').replaceAll(page.nonce, nonce), 'utf8');
  const headers = page.headers.map(([name, value]): [string, string] => [name, value.replaceAll(page.nonce, nonce)]);
  headers.push(['age', String(Math.max(0, Math.floor((now - page.storedAt) / 1000)))]);
  return { headers, body };
}
