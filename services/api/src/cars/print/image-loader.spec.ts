import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allowedAddresses } from '@platform/server-kit';
import { createImageLoader, sniffImageKind } from './image-loader';

// A valid 1x1 RGBA PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

/** fetch stub: a fixed answer per URL; anything else hangs until aborted (a dead server). */
function stubFetch(responses: Record<string, () => Response>, { ignoreAbort = false } = {}) {
  const calls: string[] = [];
  const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push(url);
    const respond = responses[url];
    if (respond) return Promise.resolve(respond());
    return new Promise<Response>((_resolve, reject) => {
      if (!ignoreAbort) init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
    });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

/** A body streamed in chunks, recording how much of it was pulled and whether the reader gave up. */
function streamedBody(chunkBytes: number, chunks: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunks) return controller.close();
      state.pulled++;
      const bytes = new Uint8Array(chunkBytes);
      if (state.pulled === 1) bytes.set(PNG.subarray(0, 8));
      controller.enqueue(bytes);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

describe('createImageLoader', () => {
  let root: string;
  let mediaDir: string;

  beforeAll(async () => {
    // root/secret.png sits outside the media directory; root/media is what /media/ serves.
    root = await mkdtemp(path.join(tmpdir(), 'print-images-'));
    mediaDir = path.join(root, 'media');
    await mkdir(path.join(mediaDir, 'demo'), { recursive: true });
    await writeFile(path.join(root, 'secret.png'), PNG);
    await writeFile(path.join(mediaDir, 'demo', 'car.svg'), SVG);
    await writeFile(path.join(mediaDir, 'demo', 'photo one.png'), PNG);
    await writeFile(path.join(mediaDir, 'demo', 'really-a-png.jpg'), PNG);
    await writeFile(path.join(mediaDir, 'demo', 'really-a-jpeg.png'), JPEG_START);
    await writeFile(path.join(mediaDir, 'demo', 'not-an-image.png'), 'hello, I am text');
    await writeFile(path.join(mediaDir, 'demo', 'big.png'), Buffer.concat([PNG, Buffer.alloc(2048)]));
    await symlink(path.join(root, 'secret.png'), path.join(mediaDir, 'demo', 'link-out.png'));
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  describe('stored photos (/media/photos/{hash}/{variant})', () => {
    it("reads a stored photo's JPEG variant from the store, never from a folder or the network", async () => {
      const hash = 'f'.repeat(64);
      const asked: string[] = [];
      const { fetchImpl, calls } = stubFetch({});
      const loader = createImageLoader({
        mediaDir,
        fetchImpl,
        storedPhoto: async (h, variant) => {
          asked.push(`${h}/${variant}`);
          return h === hash ? Buffer.concat([JPEG_START, Buffer.alloc(16)]) : null;
        },
      });
      expect(await loader.load(`/media/photos/${hash}/w800`)).toMatchObject({ kind: 'jpeg' });
      expect(await loader.load(`/media/photos/${'a'.repeat(64)}/w800`)).toBeNull();
      // Addresses the rules do not name are refused before the store is asked.
      for (const bad of [
        `/media/photos/${hash}/w801`,
        `/media/photos/${hash}/constructor`,
        `/media/photos/..%2F/w800`,
        `/media/photos/${hash.toUpperCase()}/og`,
      ])
        expect(await loader.load(bad)).toBeNull();
      expect(asked).toEqual([`${hash}/w800`, `${'a'.repeat(64)}/w800`]);
      expect(calls).toEqual([]);
      // Without a store nothing under /media/photos/ is read from the demo folder either.
      expect(await createImageLoader({ mediaDir }).load(`/media/photos/${hash}/w800`)).toBeNull();
    });
  });

  describe('/media/ paths', () => {
    it('reads from the media directory, ignoring the query string and decoding the path', async () => {
      const loader = createImageLoader({ mediaDir });
      await expect(loader.load('/media/demo/car.svg?angle=30')).resolves.toEqual({
        kind: 'svg',
        data: Buffer.from(SVG),
      });
      await expect(loader.load('/media/demo/photo%20one.png#x')).resolves.toEqual({ kind: 'png', data: PNG });
    });

    it('refuses paths that lead outside the media directory', async () => {
      const loader = createImageLoader({ mediaDir });
      // The same file is readable through a path inside mediaDir, so only the containment check stops these.
      for (const url of [
        '/media/../../etc/passwd',
        '/media/../secret.png',
        '/media/demo/../../secret.png',
        '/media/%2e%2e/secret.png',
        '/media/..%2fsecret.png',
        `/media/${encodeURIComponent(path.join(root, 'secret.png'))}`,
        '/media//etc/passwd',
        '/media/demo/link-out.png',
        '/media/demo/car.svg%00.png',
      ]) {
        await expect(loader.load(url)).resolves.toBeNull();
      }
    });

    it('returns null for missing files, directories and the bare prefix', async () => {
      const loader = createImageLoader({ mediaDir });
      await expect(loader.load('/media/demo/missing.svg')).resolves.toBeNull();
      await expect(loader.load('/media/demo')).resolves.toBeNull();
      await expect(loader.load('/media/')).resolves.toBeNull();
      await expect(loader.load('/media/%E0%A4%A')).resolves.toBeNull(); // malformed escape
    });

    it('decides the kind from the bytes, not the extension', async () => {
      const loader = createImageLoader({ mediaDir });
      await expect(loader.load('/media/demo/really-a-png.jpg')).resolves.toMatchObject({ kind: 'png' });
      await expect(loader.load('/media/demo/really-a-jpeg.png')).resolves.toMatchObject({ kind: 'jpeg' });
      await expect(loader.load('/media/demo/not-an-image.png')).resolves.toBeNull();
    });

    it('refuses files above the size cap', async () => {
      await expect(createImageLoader({ mediaDir, maxBytes: 1024 }).load('/media/demo/big.png')).resolves.toBeNull();
      await expect(createImageLoader({ mediaDir, maxBytes: 4096 }).load('/media/demo/big.png')).resolves.toMatchObject({
        kind: 'png',
      });
    });
  });

  describe('remote URLs', () => {
    it('fetches http(s) photos with a timeout signal', async () => {
      let signal: AbortSignal | null | undefined;
      const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
        signal = init?.signal;
        return new Response(PNG);
      }) as typeof fetch;
      const loader = createImageLoader({ mediaDir, fetchImpl });
      await expect(loader.load('https://photos.example.com/a.png')).resolves.toEqual({ kind: 'png', data: PNG });
      expect(signal).toBeInstanceOf(AbortSignal);
    });

    it('returns null when the server does not answer in time', async () => {
      const { fetchImpl } = stubFetch({});
      const loader = createImageLoader({ mediaDir, fetchImpl, fetchTimeoutMs: 50 });
      const started = Date.now();
      await expect(loader.load('https://slow.example.com/a.jpg')).resolves.toBeNull();
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('gives up on time even when the fetch implementation ignores the abort signal', async () => {
      const { fetchImpl } = stubFetch({}, { ignoreAbort: true });
      const loader = createImageLoader({ mediaDir, fetchImpl, fetchTimeoutMs: 50 });
      await expect(loader.load('https://slow.example.com/a.jpg')).resolves.toBeNull();
    });

    it('returns null for error statuses, non-images and failures', async () => {
      const { fetchImpl } = stubFetch({
        'https://x.example.com/404.png': () => new Response(PNG, { status: 404 }),
        'https://x.example.com/page.png': () => new Response('<!doctype html><html></html>'),
        'https://x.example.com/logo.svg': () => new Response(`<?xml version="1.0"?>\n<!-- logo -->\n${SVG}`),
        'https://x.example.com/photo.jpg': () => new Response(JPEG_START),
      });
      const throwing = (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch;
      const loader = createImageLoader({ mediaDir, fetchImpl });
      await expect(loader.load('https://x.example.com/404.png')).resolves.toBeNull();
      await expect(loader.load('https://x.example.com/page.png')).resolves.toBeNull();
      await expect(loader.load('https://x.example.com/logo.svg')).resolves.toMatchObject({ kind: 'svg' });
      await expect(loader.load('https://x.example.com/photo.jpg')).resolves.toMatchObject({ kind: 'jpeg' });
      await expect(
        createImageLoader({ mediaDir, fetchImpl: throwing }).load('https://x.example.com/a.png'),
      ).resolves.toBeNull();
    });

    it('refuses a declared Content-Length above the cap without reading the body', async () => {
      const body = streamedBody(1024, 64);
      const { fetchImpl } = stubFetch({
        'https://x.example.com/huge.png': () =>
          new Response(body.stream, { headers: { 'content-length': String(64 * 1024) } }),
      });
      const loader = createImageLoader({ mediaDir, fetchImpl, maxBytes: 4096 });
      await expect(loader.load('https://x.example.com/huge.png')).resolves.toBeNull();
      expect(body.state.pulled).toBeLessThanOrEqual(1);
    });

    it('stops reading an undeclared body as soon as it passes the cap', async () => {
      const body = streamedBody(1024, 64);
      const { fetchImpl } = stubFetch({ 'https://x.example.com/huge.png': () => new Response(body.stream) });
      const loader = createImageLoader({ mediaDir, fetchImpl, maxBytes: 4096 });
      await expect(loader.load('https://x.example.com/huge.png')).resolves.toBeNull();
      expect(body.state.pulled).toBeLessThan(10);
      expect(body.state.cancelled).toBe(true);

      const small = streamedBody(1024, 4);
      const { fetchImpl: smallFetch } = stubFetch({ 'https://x.example.com/ok.png': () => new Response(small.stream) });
      await expect(
        createImageLoader({ mediaDir, fetchImpl: smallFetch, maxBytes: 4096 }).load('https://x.example.com/ok.png'),
      ).resolves.toMatchObject({ kind: 'png' });
    });

    it('never fetches other schemes or relative paths outside /media/', async () => {
      const { fetchImpl, calls } = stubFetch({});
      const loader = createImageLoader({ mediaDir, fetchImpl, fetchTimeoutMs: 50 });
      for (const url of [
        'file:///etc/passwd',
        `data:image/png;base64,${PNG.toString('base64')}`,
        'ftp://x.example.com/a.png',
        'demo/car.svg',
        '/uploads/a.png',
        '',
      ]) {
        await expect(loader.load(url)).resolves.toBeNull();
      }
      expect(calls).toEqual([]);
    });
  });
});

describe('remote photos through the guarded fetcher (real sockets, no stub)', () => {
  /** A listener that records every request and answers with `answer`. */
  async function listener(
    host: string,
    answer: (url: string) => { status: number; headers?: Record<string, string>; body?: Buffer },
  ) {
    const received: string[] = [];
    const server: Server = createServer((request, response) => {
      received.push(request.url ?? '');
      const { status, headers = {}, body } = answer(request.url ?? '');
      response.writeHead(status, headers).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const { port } = server.address() as AddressInfo;
    return {
      origin: `http://${host}:${port}`,
      received,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  const loader = (allowed?: string) =>
    createImageLoader({ mediaDir: tmpdir(), fetchTimeoutMs: 1000, allowedAddresses: allowedAddresses(allowed) });

  it('never connects to loopback, private, link-local or metadata addresses, or non-http schemes', async () => {
    const internal = await listener('127.0.0.1', () => ({
      status: 200,
      headers: { 'content-type': 'image/png' },
      body: PNG,
    }));
    try {
      const refused = [
        `${internal.origin}/internal-probe`,
        'http://localhost:9/x.png',
        'http://10.0.0.1/x.png',
        'http://169.254.169.254/latest/meta-data/',
        'http://[::1]/x.png',
        'file:///etc/passwd',
      ];
      for (const url of refused) expect(await loader().load(url)).toBeNull();
      expect(internal.received).toEqual([]);
    } finally {
      await internal.close();
    }
  });

  it('fetches from an allowed address, and refuses a redirect from it to loopback before connecting', async () => {
    const internal = await listener('127.0.0.1', () => ({
      status: 200,
      headers: { 'content-type': 'image/png' },
      body: PNG,
    }));
    const photos = await listener(
      '127.0.0.2',
      (url): { status: number; headers: Record<string, string>; body?: Buffer } =>
        url === '/photo.png'
          ? { status: 200, headers: { 'content-type': 'image/png' }, body: PNG }
          : { status: 302, headers: { location: `${internal.origin}/redirect-target` } },
    );
    try {
      expect(await loader('127.0.0.2').load(`${photos.origin}/photo.png`)).toEqual({ kind: 'png', data: PNG });
      expect(await loader('127.0.0.2').load(`${photos.origin}/moved.png`)).toBeNull();
      expect(photos.received).toEqual(['/photo.png', '/moved.png']);
      expect(internal.received).toEqual([]);
    } finally {
      await Promise.all([internal.close(), photos.close()]);
    }
  });
});

describe('sniffImageKind', () => {
  it('recognises PNG, JPEG and SVG by their first bytes', () => {
    expect(sniffImageKind(PNG)).toBe('png');
    expect(sniffImageKind(JPEG_START)).toBe('jpeg');
    expect(sniffImageKind(Buffer.from(SVG))).toBe('svg');
    expect(
      sniffImageKind(
        Buffer.from(
          `\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${SVG}`,
        ),
      ),
    ).toBe('svg');
  });

  it('rejects everything else', () => {
    expect(sniffImageKind(Buffer.alloc(0))).toBeNull();
    expect(sniffImageKind(PNG.subarray(0, 4))).toBeNull(); // half a signature
    expect(sniffImageKind(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageKind(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageKind(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(sniffImageKind(Buffer.from('<svgx>'))).toBeNull();
    expect(sniffImageKind(Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg/>'))).toBeNull(); // internal DTD subset
  });
});
