import type { Hotspot } from '../entities/car';
import type { CarRuleInput } from './car-rule-input';
import { isInStock } from './stock-status';

/** Thumbnails need more than this many images (spec 000 §4, §9). */
export const THUMBNAIL_MIN_IMAGES = 3;
/** The first images load with priority (spec 000 §9). */
export const PRIORITY_IMAGE_COUNT = 2;
/** Spin viewer: one frame per 20 px of drag; autorotate one frame every 100 ms (spec 000 §9). */
export const SPIN_SENSITIVITY_PX = 20;
export const SPIN_AUTOROTATE_MS = 100;

/** Thumbnails show only when the car is in stock and has more than 3 images (spec 000 §4). */
export function showThumbnails(car: CarRuleInput<'status'>, imageCount: number): boolean {
  return isInStock(car) && imageCount > THUMBNAIL_MIN_IMAGES;
}

/** The image index after moving `step` from `index`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

export type VideoSlide = { kind: 'embed'; src: string } | { kind: 'file'; src: string };

/**
 * Video sites whose embed-style addresses can be framed (spec 000 §5 'Video slide'), with the
 * origins each is served from: the pages' Content-Security-Policy allows exactly these frames.
 */
const EMBED_SITES: readonly { pattern: RegExp; origins: readonly string[] }[] = [
  {
    pattern: /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\/[\w-]+/i,
    origins: [
      'https://youtube.com',
      'https://www.youtube.com',
      'https://youtube-nocookie.com',
      'https://www.youtube-nocookie.com',
    ],
  },
  { pattern: /^https:\/\/player\.vimeo\.com\/video\/\d+/i, origins: ['https://player.vimeo.com'] },
  { pattern: /^https:\/\/fast\.wistia\.net\/embed\/iframe\/[\w-]+/i, origins: ['https://fast.wistia.net'] },
  {
    pattern: /^https:\/\/(www\.)?dailymotion\.com\/embed\/video\/[\w-]+/i,
    origins: ['https://dailymotion.com', 'https://www.dailymotion.com'],
  },
];

export const VIDEO_EMBED_ORIGINS: readonly string[] = EMBED_SITES.flatMap((site) => site.origins);

/**
 * An embed-style address from a video site becomes an embedded slide; any other address plays in a
 * plain video player (spec 000 §5). Only http(s) addresses are used; anything else gives no slide.
 */
export function videoSlide(url: string | null | undefined): VideoSlide | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  if (EMBED_SITES.some((site) => site.pattern.test(trimmed))) return { kind: 'embed', src: trimmed };
  if (/^https?:\/\//i.test(trimmed) || trimmed.startsWith('/')) return { kind: 'file', src: trimmed };
  return null;
}

export type GalleryMode = 'gallery' | 'spinner' | 'interior';

/** The view modes a car offers, in order, and the one it opens in: the configured mode when the car has it. */
export function galleryModes(
  car: CarRuleInput<'spin_images' | 'spin_interior_image' | 'spin_code'>,
  configured: GalleryMode,
  externalSpin = false,
): { modes: GalleryMode[]; initial: GalleryMode } {
  const modes: GalleryMode[] = ['gallery'];
  if ((car.spin_images?.length ?? 0) > 0 || (externalSpin && !!car.spin_code)) modes.push('spinner');
  if (car.spin_interior_image) modes.push('interior');
  return { modes, initial: modes.includes(configured) ? configured : 'gallery' };
}

/** The spin frame after a horizontal drag of `dx` px from `startFrame`: dragging right turns the car back. */
export function spinFrameAfterDrag(startFrame: number, dx: number, frameCount: number): number {
  const steps = Math.trunc(dx / SPIN_SENSITIVITY_PX);
  return wrapIndex(startFrame, -steps, frameCount);
}

/** The angle in degrees that a spin frame shows, for frames spread evenly round the car. */
export function frameAngle(frame: number, frameCount: number): number {
  return frameCount > 0 ? (frame * 360) / frameCount : 0;
}

export interface PlacedHotspot {
  id: string;
  description: string;
  /** Percent of the image's width and height. */
  x: number;
  y: number;
}

/**
 * The hotspots to draw at an angle: each hotspot's position whose activeAngle is nearest the angle,
 * when it is within half a frame step; a hotspot with no position near the angle is hidden.
 */
export function hotspotsAt(
  hotspots: readonly Hotspot[] | null | undefined,
  angle: number,
  frameStep: number,
): PlacedHotspot[] {
  const tolerance = Math.max(frameStep / 2, 0.5);
  const placed: PlacedHotspot[] = [];
  for (const hotspot of hotspots ?? []) {
    let best: { distance: number; posX: number; posY: number } | null = null;
    for (const position of hotspot.positions ?? []) {
      const raw = Math.abs((((position.activeAngle - angle) % 360) + 360) % 360);
      const distance = Math.min(raw, 360 - raw);
      if (distance <= tolerance && (!best || distance < best.distance))
        best = { distance, posX: position.posX, posY: position.posY };
    }
    if (best)
      placed.push({ id: String(hotspot.id), description: hotspot.description ?? '', x: best.posX, y: best.posY });
  }
  return placed;
}
