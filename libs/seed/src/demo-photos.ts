import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DEMO_BODY_TYPES, type DemoBodyType } from './data';
import { DEMO_ASSETS_DIR, renderVehicleSvg } from './demo-assets';
import { DEMO_IMAGES_PER_BODY } from './generate-cars';
import { hashString, mulberry32 } from './random';

/**
 * Camera-weight demo photos (issue 38): the demo's vehicle illustrations rendered at a camera's
 * size with film grain, so a JPEG of one weighs what a dealer's photo does (about 0.5-0.9 MB at
 * 2000 x 1250) and the whole photo pipeline, variants and page weight are exercised for real.
 * Deterministic: the grain comes from a seeded generator, so the same name is the same bytes.
 */
export const DEMO_PHOTO_SIZE = { width: 2000, height: 1250 } as const;
/** Bumped when the rendering changes, so cached files are made again. */
const RENDER_VERSION = 1;
const JPEG = { quality: 85, chromaSubsampling: '4:4:4' } as const;
/** Grain amplitude (of 255): strong enough to weigh like a photo's sensor noise, faint to the eye. */
const GRAIN = 110;

/** The names of every distinct demo photo: `{body}-{n}.jpg`, one per illustration. */
export function demoPhotoNames(): string[] {
  return DEMO_BODY_TYPES.flatMap((body) =>
    Array.from({ length: DEMO_IMAGES_PER_BODY }, (_, k) => `${body}-${k + 1}.jpg`),
  );
}

/** The grain is a tile repeated over the photo: JPEG codes each 8 x 8 block alone, so it weighs the same. */
const GRAIN_TILE = 256;

function grain(seed: number): Buffer {
  const random = mulberry32(seed);
  const buffer = Buffer.alloc(GRAIN_TILE * GRAIN_TILE * 3);
  for (let i = 0; i < buffer.length; i++) buffer[i] = 128 + Math.round((random() - 0.5) * GRAIN);
  return buffer;
}

/** One demo photo's JPEG bytes from an SVG illustration (640 x 400 drawing) and a seed for its grain. */
export async function renderDemoPhoto(svg: string | Buffer, seed: number, size = DEMO_PHOTO_SIZE): Promise<Buffer> {
  const { width, height } = size;
  const drawing = await sharp(Buffer.from(svg), { density: Math.round((72 * width) / 640) })
    .resize(width, height, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .toBuffer();
  return sharp(drawing)
    .composite([
      {
        input: grain(seed),
        raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 3 },
        tile: true,
        blend: 'soft-light',
      },
    ])
    .jpeg(JPEG)
    .toBuffer();
}

/**
 * Writes every demo photo under `dir` (default assets/demo-photos, not committed), skipping files
 * already made by this version of the renderer; answers the names. Two at a time: two cores.
 */
export async function writeDemoPhotos(dir = join(DEMO_ASSETS_DIR, '..', '.demo-photos')): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const stamp = join(dir, `.version-${RENDER_VERSION}`);
  const names = demoPhotoNames();
  const todo = existsSync(stamp) ? names.filter((name) => !existsSync(join(dir, name))) : names;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < todo.length) {
      const name = todo[next++] ?? '';
      const [body = '', n = '1'] = name.replace(/\.jpg$/, '').split('-');
      const svg = renderVehicleSvg(body as DemoBodyType, Number(n));
      writeFileSync(join(dir, name), await renderDemoPhoto(svg, hashString(name)));
    }
  };
  await Promise.all([worker(), worker()]);
  writeFileSync(stamp, '');
  return names;
}

/** A strong validator of a photo's bytes, as the demo photo host sends it. */
export const photoEtag = (bytes: Buffer): string =>
  `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;

const DEMO_DRAWING = /^\/media\/demo\/([A-Za-z]+-\d+)\.svg(?:\?.*)?$/;

/**
 * A demo car's photos moved to the demo photo host, as a dealer's feed names its own server: the
 * gallery, its thumbnails and the primary image become `{host}/photos/{body}-{n}.jpg` (a thumbnail
 * is the same photo, as many stock systems send it). Spin frames and the interior view stay the
 * platform's own drawings.
 */
export function withHostedPhotos<T extends { data: Record<string, unknown> }>(car: T, host: string): T {
  const hosted = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const match = DEMO_DRAWING.exec(value);
    return match ? `${host}/photos/${match[1]}.jpg` : value;
  };
  const images = Array.isArray(car.data['images'])
    ? (car.data['images'] as { url?: unknown; thumb?: { url?: unknown } | null }[]).map((image) => ({
        ...image,
        url: hosted(image.url),
        thumb: image.thumb ? { ...image.thumb, url: hosted(image.thumb.url) } : image.thumb,
      }))
    : car.data['images'];
  const thumbnails = Array.isArray(car.data['thumbnails'])
    ? (car.data['thumbnails'] as unknown[]).map(hosted)
    : car.data['thumbnails'];
  return {
    ...car,
    data: { ...car.data, images, thumbnails, primary_image_url: hosted(car.data['primary_image_url']) },
  };
}
