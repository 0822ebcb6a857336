import { createServer, type Server } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { photoEtag } from './demo-photos';

export interface PhotoHost {
  /** The host's base address, e.g. http://127.0.0.1:4700 (photos are under /photos/). */
  url: string;
  /** Answers so far: bytes sent (200) and validators accepted (304). */
  counts: { sent: number; notModified: number; notFound: number };
  close(): Promise<void>;
}

const NAME = /^\/photos\/([A-Za-z0-9_-]{1,80}\.jpg)$/;

/**
 * A plain web host for the demo's photos, as a dealer's own server would be: files with a strong
 * ETag and Last-Modified, 304 to a conditional request that still matches, nothing else. `npm
 * start` runs one so the demo's photos come through the same feed and photo pipeline as a dealer's.
 */
export async function startPhotoHost(options: { dir: string; port?: number; host?: string }): Promise<PhotoHost> {
  const counts = { sent: 0, notModified: 0, notFound: 0 };
  const cache = new Map<string, { bytes: Buffer; etag: string; modified: string }>();
  const read = (name: string) => {
    const held = cache.get(name);
    if (held) return held;
    const path = join(options.dir, name);
    const bytes = readFileSync(path);
    const entry = { bytes, etag: photoEtag(bytes), modified: statSync(path).mtime.toUTCString() };
    cache.set(name, entry);
    return entry;
  };
  const server: Server = createServer((request, response) => {
    const name = NAME.exec((request.url ?? '').split('?')[0] ?? '')?.[1];
    let photo;
    try {
      photo = name && (request.method === 'GET' || request.method === 'HEAD') ? read(name) : null;
    } catch {
      photo = null;
    }
    if (!photo) {
      counts.notFound += 1;
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const headers = { etag: photo.etag, 'last-modified': photo.modified, 'cache-control': 'public, max-age=3600' };
    if (request.headers['if-none-match'] === photo.etag) {
      counts.notModified += 1;
      response.writeHead(304, headers).end();
      return;
    }
    counts.sent += 1;
    response.writeHead(200, { ...headers, 'content-type': 'image/jpeg', 'content-length': photo.bytes.length });
    response.end(request.method === 'HEAD' ? undefined : photo.bytes);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    counts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
