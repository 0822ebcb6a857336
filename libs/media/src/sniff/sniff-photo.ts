import type { SourceFormat } from '@platform/domain';

/**
 * What a dealer photo may weigh. 25 MB is past any camera JPEG a feed carries (1-5 MB at 2000+ px)
 * yet bounds what one fetch holds in memory; 40 megapixels (a 7,700 x 5,200 frame) is past any
 * camera a dealer lot uses, and bounds what decoding one photo may allocate (about 160 MB at four
 * bytes a pixel) against a decompression bomb: a few kilobytes of PNG that state 20,000 x 20,000.
 */
export interface PhotoLimits {
  maxBytes: number;
  maxPixels: number;
}
export const PHOTO_LIMITS: PhotoLimits = { maxBytes: 25 * 1024 * 1024, maxPixels: 40_000_000 };

/** Why a photo was refused: one of few values, so it can label a metric and a feed-run warning. */
export type PhotoRefusalReason =
  | 'empty'
  | 'too-large'
  | 'html'
  | 'unsupported-format'
  | 'truncated'
  | 'corrupt'
  | 'bad-dimensions'
  | 'too-many-pixels';

export type SniffedPhoto =
  | { ok: true; format: SourceFormat; width: number; height: number }
  | { ok: false; reason: PhotoRefusalReason; message: string };

type Header = { format: SourceFormat; width: number; height: number } | { refuse: PhotoRefusalReason; message: string };

const refuse = (reason: PhotoRefusalReason, message: string): SniffedPhoto => ({ ok: false, reason, message });
const TRUNCATED = { refuse: 'truncated', message: 'The file ends before its image header does' } as const;
const corrupt = (message: string): Header => ({ refuse: 'corrupt', message });

/**
 * The format and pixel size of a photo, decided by its bytes alone (never by its name or the
 * content type a host claims) and read from its header without decoding a pixel, so a
 * decompression bomb is refused before any decoder sees it. Accepts JPEG, PNG, WebP, AVIF and GIF;
 * anything else is refused with a reason. A body cut short after its header passes here and is
 * refused by the decoder when variants are made.
 */
export function sniffPhoto(bytes: Uint8Array, limits: PhotoLimits = PHOTO_LIMITS): SniffedPhoto {
  if (bytes.length === 0) return refuse('empty', 'The photo address answered with no bytes');
  if (bytes.length > limits.maxBytes)
    return refuse('too-large', `The photo is ${bytes.length} bytes, over the ${limits.maxBytes}-byte limit`);
  const header = readHeader(bytes);
  if ('refuse' in header) return refuse(header.refuse, header.message);
  const { format, width, height } = header;
  if (width < 1 || height < 1)
    return refuse('bad-dimensions', `The ${format} header states ${width} x ${height} pixels`);
  if (width * height > limits.maxPixels)
    return refuse(
      'too-many-pixels',
      `The ${format} is ${width} x ${height} pixels, over the ${limits.maxPixels}-pixel limit`,
    );
  return { ok: true, format, width, height };
}

/** A byte of the body; 0 past its end (every caller has checked the length it needs). */
const byteAt = (bytes: Uint8Array, at: number): number => bytes[at] ?? 0;
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  signature.every((value, index) => bytes[at + index] === value);
/** The bytes are all there is of a longer signature: a body cut inside its first bytes. */
const cutInside = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length < at + signature.length &&
  (bytes.length <= at || startsWith(bytes.subarray(at), signature.slice(0, bytes.length - at)));
const latin1 = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = [...'GIF87a'].map((c) => c.charCodeAt(0));
const GIF89 = [...'GIF89a'].map((c) => c.charCodeAt(0));
const RIFF = [...'RIFF'].map((c) => c.charCodeAt(0));
const WEBP = [...'WEBP'].map((c) => c.charCodeAt(0));
const FTYP = [...'ftyp'].map((c) => c.charCodeAt(0));

/** Cut inside the first box of an AVIF: a file type box is far below 64 kB, so its size starts with two zero bytes. */
const cutInsideFtyp = (bytes: Uint8Array): boolean =>
  bytes.length < 8 && bytes[0] === 0 && (bytes.length < 2 || bytes[1] === 0) && cutInside(bytes, FTYP, 4);

function readHeader(bytes: Uint8Array): Header {
  if (startsWith(bytes, JPEG)) return jpegHeader(bytes);
  if (startsWith(bytes, PNG)) return pngHeader(bytes);
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return gifHeader(bytes);
  if (startsWith(bytes, RIFF) && (startsWith(bytes, WEBP, 8) || cutInside(bytes, WEBP, 8))) return webpHeader(bytes);
  if (startsWith(bytes, FTYP, 4)) return isobmffHeader(bytes);
  if ([JPEG, PNG, GIF87, GIF89, RIFF].some((signature) => cutInside(bytes, signature)) || cutInsideFtyp(bytes))
    return TRUNCATED;
  return unsupported(bytes);
}

const MARKUP = /^(?:<!doctype\s+html|<html|<head|<body|<script|<meta|<title|<!--|<iframe|<div|<p[\s>])/i;

/** What the bytes are instead, for the refusal's message: most often a host's HTML error or login page. */
function unsupported(bytes: Uint8Array): Header {
  const text = latin1(bytes, 0, 512)
    .replace(/^\xef\xbb\xbf/, '')
    .trimStart();
  if (MARKUP.test(text)) return { refuse: 'html', message: 'The photo address answered with an HTML page' };
  if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg/i.test(text))
    return { refuse: 'unsupported-format', message: 'SVG is not accepted as a photo (it can carry scripts)' };
  const named = [
    [[0x49, 0x49, 0x2a, 0x00], 'TIFF'],
    [[0x4d, 0x4d, 0x00, 0x2a], 'TIFF'],
    [[0x42, 0x4d], 'BMP'],
    [[0x25, 0x50, 0x44, 0x46], 'PDF'],
  ] as const;
  for (const [signature, name] of named)
    if (startsWith(bytes, signature))
      return { refuse: 'unsupported-format', message: `${name} is not accepted; send JPEG, PNG, WebP, AVIF or GIF` };
  return {
    refuse: 'unsupported-format',
    message: 'The bytes are not a JPEG, PNG, WebP, AVIF or GIF image',
  };
}

function jpegHeader(bytes: Uint8Array): Header {
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return corrupt('The JPEG has bytes between its segments');
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[at] === 0xff) at += 1;
    if (at >= bytes.length) return TRUNCATED;
    const marker = byteAt(bytes, at);
    at += 1;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9 || marker === 0xda) return corrupt('The JPEG has no frame header before its image data');
    if (at + 2 > bytes.length) return TRUNCATED;
    const length = (byteAt(bytes, at) << 8) | byteAt(bytes, at + 1);
    if (length < 2) return corrupt('The JPEG has a segment of impossible length');
    // Start-of-frame markers (baseline, progressive, lossless, arithmetic), not DHT, JPG or DAC.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 7 > bytes.length) return TRUNCATED;
      const height = (byteAt(bytes, at + 3) << 8) | byteAt(bytes, at + 4);
      const width = (byteAt(bytes, at + 5) << 8) | byteAt(bytes, at + 6);
      return { format: 'jpeg', width, height };
    }
    at += length;
  }
  return TRUNCATED;
}

const u32be = (bytes: Uint8Array, at: number): number =>
  ((byteAt(bytes, at) << 24) >>> 0) +
  ((byteAt(bytes, at + 1) << 16) | (byteAt(bytes, at + 2) << 8) | byteAt(bytes, at + 3));

function pngHeader(bytes: Uint8Array): Header {
  if (bytes.length >= 16 && latin1(bytes, 12, 16) !== 'IHDR')
    return corrupt('The PNG does not start with its IHDR chunk');
  if (bytes.length < 24) return TRUNCATED;
  return { format: 'png', width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

function gifHeader(bytes: Uint8Array): Header {
  if (bytes.length < 10) return TRUNCATED;
  return {
    format: 'gif',
    width: byteAt(bytes, 6) | (byteAt(bytes, 7) << 8),
    height: byteAt(bytes, 8) | (byteAt(bytes, 9) << 8),
  };
}

function webpHeader(bytes: Uint8Array): Header {
  if (bytes.length < 16) return TRUNCATED;
  const chunk = latin1(bytes, 12, 16);
  if (chunk === 'VP8 ') {
    if (bytes.length < 30) return TRUNCATED;
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return corrupt('The WebP frame has no start code');
    return {
      format: 'webp',
      width: (byteAt(bytes, 26) | (byteAt(bytes, 27) << 8)) & 0x3fff,
      height: (byteAt(bytes, 28) | (byteAt(bytes, 29) << 8)) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    if (bytes.length < 25) return TRUNCATED;
    if (bytes[20] !== 0x2f) return corrupt('The lossless WebP has no signature');
    const bits =
      (byteAt(bytes, 21) | (byteAt(bytes, 22) << 8) | (byteAt(bytes, 23) << 16) | (byteAt(bytes, 24) << 24)) >>> 0;
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    if (bytes.length < 30) return TRUNCATED;
    const u24 = (at: number) => byteAt(bytes, at) | (byteAt(bytes, at + 1) << 8) | (byteAt(bytes, at + 2) << 16);
    return { format: 'webp', width: u24(24) + 1, height: u24(27) + 1 };
  }
  return corrupt(`The WebP starts with an unknown chunk`);
}

interface Box {
  type: string;
  /** Where its contents start and end (bounded by its parent and by the bytes there are). */
  start: number;
  end: number;
  /** The box runs past the bytes there are. */
  cut: boolean;
}

/** The boxes between from and to (ISO base media format, as AVIF and HEIF files are built). */
function* boxes(bytes: Uint8Array, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = u32be(bytes, at);
    const type = latin1(bytes, at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return yield { type, start: to, end: to, cut: true };
      // A 64-bit size; past 2^53 it is nonsense for a photo, and reads as running past the end.
      size = u32be(bytes, at + 8) * 2 ** 32 + u32be(bytes, at + 12);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) return;
    const end = at + size;
    yield { type, start: at + header, end: Math.min(end, to), cut: end > to };
    at = end;
  }
}

const AVIF_BRANDS = new Set(['avif', 'avis']);

function isobmffHeader(bytes: Uint8Array): Header {
  const first = boxes(bytes, 0, bytes.length).next();
  if (first.done) return TRUNCATED;
  const ftyp = first.value;
  if (ftyp.cut || ftyp.end - ftyp.start < 8) return ftyp.cut ? TRUNCATED : corrupt('The file type box is too short');
  const brands = [latin1(bytes, ftyp.start, ftyp.start + 4)];
  for (let at = ftyp.start + 8; at + 4 <= ftyp.end; at += 4) brands.push(latin1(bytes, at, at + 4));
  if (!brands.some((brand) => AVIF_BRANDS.has(brand))) {
    const heif = brands.some((brand) => /^(?:hei[cx]|hev[cx]|mif1|msf1)$/.test(brand));
    return {
      refuse: 'unsupported-format',
      message: heif
        ? 'HEIC/HEIF is not accepted; send JPEG, PNG, WebP, AVIF or GIF'
        : `A '${brands[0]?.replace(/[^\x20-\x7e]/g, '?')}' media file is not a photo`,
    };
  }
  for (const top of boxes(bytes, ftyp.end, bytes.length)) {
    if (top.type !== 'meta') continue;
    // meta is a full box: a version and flags before its children.
    let largest: { width: number; height: number } | null = null;
    let cut = top.cut;
    for (const child of boxes(bytes, top.start + 4, top.end)) {
      if (child.type !== 'iprp') continue;
      cut ||= child.cut;
      for (const container of boxes(bytes, child.start, child.end)) {
        if (container.type !== 'ipco') continue;
        cut ||= container.cut;
        for (const property of boxes(bytes, container.start, container.end)) {
          if (property.type !== 'ispe') continue;
          if (property.end - property.start < 12) {
            cut = true;
            continue;
          }
          const width = u32be(bytes, property.start + 4);
          const height = u32be(bytes, property.start + 8);
          // The largest stated size: a grid's whole canvas, never one of its tiles or a thumbnail.
          if (!largest || width * height > largest.width * largest.height) largest = { width, height };
        }
      }
    }
    if (largest) return { format: 'avif', ...largest };
    return cut ? TRUNCATED : corrupt('The AVIF states no image size');
  }
  return TRUNCATED;
}
