import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { originalKey } from '@platform/domain';
import { query } from './database';
import { e2eMediaDir, PAGE_CACHE_VERSION_CHECK_MS } from './e2e-env';

/**
 * A dealer's photo host for the tests: plain HTTP on loopback, serving camera-like JPEGs, and
 * counting every request it gets, so a test can say the shopper's browser never asked it.
 */
export interface PhotoHost {
  origin: string;
  /** Paths asked, in order. */
  requests: string[];
  urls: string[];
  close(): Promise<void>;
}

/** A 1600 x 1200 JPEG with a sky, a road and a car-coloured block: each index a different colour. */
async function cameraPhoto(index: number): Promise<Buffer> {
  const colours = [
    { r: 196, g: 32, b: 40 },
    { r: 30, g: 80, b: 170 },
    { r: 230, g: 230, b: 235 },
  ];
  const body = colours[index % colours.length] ?? { r: 0, g: 0, b: 0 };
  const car = await sharp({ create: { width: 900, height: 380, channels: 3, background: body } })
    .png()
    .toBuffer();
  const road = await sharp({ create: { width: 1600, height: 500, channels: 3, background: { r: 70, g: 72, b: 76 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 150, g: 190, b: 230 } } })
    .composite([
      { input: road, left: 0, top: 700 },
      { input: car, left: 350, top: 480 },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function startPhotoHost(count: number): Promise<PhotoHost> {
  const photos = await Promise.all(Array.from({ length: count }, (_, index) => cameraPhoto(index)));
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const match = /^\/stock\/photo-(\d+)\.jpg$/.exec(request.url ?? '');
    const photo = match ? photos[Number(match[1])] : undefined;
    if (!photo) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': photo.length }).end(photo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    urls: photos.map((_, index) => `${origin}/stock/photo-${index}.jpg`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * What the worker's media queue does for one address, done by the test: the photo fetched from
 * its host, stored by content hash in the run's media store (the local store's
 * `<first two hex>/<sha256>/original.jpg` layout) and its row marked stored with its size. Every
 * variant is then made by the api the first time a page asks for it.
 */
export async function storePhoto(dealershipId: number, url: string): Promise<string> {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const hash = createHash('sha256').update(bytes).digest('hex');
  const file = path.join(e2eMediaDir(), hash.slice(0, 2), originalKey(hash, 'jpeg'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
  const { width, height } = await sharp(bytes).metadata();
  await query(
    `INSERT INTO photos (dealership_id, source_url, status, content_hash, format, width, height, byte_size, variants)
     VALUES ($1, $2, 'stored', $3, 'jpeg', $4, $5, $6, '{}')
     ON CONFLICT (dealership_id, source_url) DO UPDATE SET status = 'stored', content_hash = $3, width = $4, height = $5`,
    [dealershipId, url, hash, width, height, bytes.length],
  );
  return hash;
}

/** A photo address the platform has been told of and not fetched yet. */
export async function pendingPhoto(dealershipId: number, url: string): Promise<void> {
  await query(
    `INSERT INTO photos (dealership_id, source_url, status) VALUES ($1, $2, 'pending')
     ON CONFLICT (dealership_id, source_url) DO UPDATE SET status = 'pending', content_hash = NULL`,
    [dealershipId, url],
  );
}

/**
 * A photo address the worker gave up on, as its media queue records it: refused for its bytes
 * (not an image, too large, too many pixels) or unreachable (a 404, a host that never answers).
 */
export async function droppedPhoto(
  dealershipId: number,
  url: string,
  status: 'refused' | 'unreachable' = 'refused',
): Promise<void> {
  await query(
    `INSERT INTO photos (dealership_id, source_url, status, refusal_reason) VALUES ($1, $2, $3, $4)
     ON CONFLICT (dealership_id, source_url) DO UPDATE SET status = $3, refusal_reason = $4, content_hash = NULL`,
    [dealershipId, url, status, status === 'refused' ? 'html' : 'http-404'],
  );
}

/**
 * Points a site's car at the given photo addresses (as a feed would) and asks the worker to
 * rebuild its search document through the car_changes outbox; returns a function that puts its
 * images back.
 */
export async function pointCarAt(carId: number, urls: string[]): Promise<{ restore: () => Promise<void> }> {
  const [before] = await query<{ images: unknown; primary: unknown }>(
    `SELECT data->'images' AS images, data->'primary_image_url' AS primary FROM cars WHERE id = $1`,
    [carId],
  );
  const set = async (images: unknown, primary: unknown) => {
    await query(
      `UPDATE cars SET data = jsonb_set(jsonb_set(data, '{images}', $2::jsonb), '{primary_image_url}', $3::jsonb), updated_at = now() WHERE id = $1`,
      [carId, JSON.stringify(images ?? []), JSON.stringify(primary ?? null)],
    );
    await query(
      `INSERT INTO car_changes (site_id, car_id) SELECT d.site_id, c.id FROM cars c JOIN dealerships d ON d.id = c.dealership_id WHERE c.id = $1`,
      [carId],
    );
    // The worker drains the outbox and moves the site's search version; the web's page cache follows.
    await new Promise((resolve) => setTimeout(resolve, PAGE_CACHE_VERSION_CHECK_MS + 100));
  };
  await set(
    urls.map((url) => ({ url, thumb: { url } })),
    urls[0] ?? null,
  );
  return { restore: () => set(before?.images, before?.primary) };
}
