import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isContentHash, isPhotoVariantName, type PhotoVariantName } from '@platform/domain';
import { guardedGet, type OutboundAllowance } from '@platform/server-kit';

export type ImageKind = 'png' | 'jpeg' | 'svg';

export interface LoadedImage {
  kind: ImageKind;
  data: Buffer;
}

/** Loads one photo for printing. Never throws: anything unusable is null, and the PDF is made without it. */
export interface ImageLoader {
  load(url: string): Promise<LoadedImage | null>;
}

export interface ImageLoaderOptions {
  /** The directory served at /media/ (libs/seed/assets in development). */
  mediaDir: string;
  /** Whole-request budget for a remote photo, headers and body together. Default 4000 ms. */
  fetchTimeoutMs?: number;
  /** Larger photos are refused, local or remote. Default 8 MB. */
  maxBytes?: number;
  /** Addresses dealer photos may come from despite being private (OUTBOUND_ALLOWED_ADDRESSES). */
  allowedAddresses?: OutboundAllowance | null;
  /**
   * A stored dealer photo's JPEG variant, read from the media store (/media/photos/{hash}/{variant}
   * addresses): the PDF prints the platform's copy, never asking the dealer's host.
   */
  storedPhoto?: (hash: string, variant: PhotoVariantName) => Promise<Buffer | null>;
  /**
   * Stands in for the network in the loader's own tests. Without it every remote photo goes through
   * guardedGet: public addresses only, checked at connect time and after every redirect.
   */
  fetchImpl?: typeof fetch;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 4000;
export const DEFAULT_MAX_IMAGE_BYTES = 8 * 1024 * 1024;

const MEDIA_PREFIX = '/media/';
const STORED_PHOTO = /^\/media\/photos\/([^/?#]+)\/([^/?#]+)$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** How far into a file an SVG may push its root element behind an XML declaration, comments or a doctype. */
const SVG_SNIFF_BYTES = 4096;

/**
 * The image kind from the content itself, never from the name: the PNG signature, the JPEG SOI
 * marker followed by a marker byte, or text whose first element is <svg> (an XML declaration,
 * comments and a doctype without an internal subset may come first).
 */
export function sniffImageKind(data: Uint8Array): ImageKind | null {
  if (data.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => data[i] === byte)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  return looksLikeSvg(data) ? 'svg' : null;
}

function looksLikeSvg(data: Uint8Array): boolean {
  let text = Buffer.from(data.subarray(0, SVG_SNIFF_BYTES)).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  for (;;) {
    text = text.trimStart();
    const skipTo = text.startsWith('<?xml')
      ? '?>'
      : text.startsWith('<!--')
        ? '-->'
        : /^<!doctype\s+svg[^[>]*>/i.test(text)
          ? '>'
          : null;
    if (!skipTo) break;
    const end = text.indexOf(skipTo);
    if (end < 0) return false;
    text = text.slice(end + skipTo.length);
  }
  return /^<svg[\s>/]/.test(text);
}

/** True when target is strictly inside root (both absolute, normalised). */
function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

export function createImageLoader(options: ImageLoaderOptions): ImageLoader {
  const mediaRoot = path.resolve(options.mediaDir);
  const timeoutMs = options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  const fetchImpl = options.fetchImpl;

  /** '/media/demo/suv-1.svg?angle=30' -> '<mediaDir>/demo/suv-1.svg', refusing anything that resolves outside mediaDir. */
  async function readMedia(url: string): Promise<Buffer | null> {
    const encoded = url.slice(MEDIA_PREFIX.length).split(/[?#]/, 1)[0];
    let relative: string;
    try {
      relative = decodeURIComponent(encoded);
    } catch {
      return null;
    }
    if (!relative || relative.includes('\0')) return null;
    const target = path.resolve(mediaRoot, relative);
    if (!isInside(mediaRoot, target)) return null;
    // A symbolic link inside mediaDir must not lead out of it either.
    const [realRoot, realTarget] = await Promise.all([realpath(mediaRoot), realpath(target)]);
    if (!isInside(realRoot, realTarget)) return null;
    const info = await stat(realTarget);
    if (!info.isFile() || info.size > maxBytes) return null;
    const data = await readFile(realTarget);
    return data.length > maxBytes ? null : data;
  }

  async function fetchRemote(url: URL): Promise<Buffer | null> {
    if (!fetchImpl) {
      const answer = await guardedGet(url.toString(), {
        timeoutMs,
        maxBytes,
        allowed: options.allowedAddresses ?? null,
        accept: 'image/jpeg,image/png,image/svg+xml;q=0.9,*/*;q=0.1',
      });
      return answer?.body ?? null;
    }
    const signal = AbortSignal.timeout(timeoutMs);
    const work = (async () => {
      const response = await fetchImpl(url, {
        signal,
        redirect: 'follow',
        headers: { accept: 'image/jpeg,image/png,image/svg+xml;q=0.9,*/*;q=0.1' },
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        return null;
      }
      return readCapped(response, maxBytes);
    })();
    // The signal bounds the whole exchange even when a fetch implementation ignores it.
    return new Promise<Buffer | null>((resolve) => {
      const onAbort = () => resolve(null);
      if (signal.aborted) return resolve(null);
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (data) => {
          signal.removeEventListener('abort', onAbort);
          resolve(data);
        },
        () => {
          signal.removeEventListener('abort', onAbort);
          resolve(null);
        },
      );
    });
  }

  return {
    async load(url: string): Promise<LoadedImage | null> {
      try {
        if (typeof url !== 'string') return null;
        const trimmed = url.trim();
        let data: Buffer | null;
        const stored = STORED_PHOTO.exec(trimmed);
        if (stored) {
          const [, hash = '', variant = ''] = stored;
          if (!options.storedPhoto || !isContentHash(hash) || !isPhotoVariantName(variant)) return null;
          data = await options.storedPhoto(hash, variant);
        } else if (trimmed.startsWith(MEDIA_PREFIX)) {
          data = await readMedia(trimmed);
        } else {
          let parsed: URL;
          try {
            parsed = new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed);
          } catch {
            return null;
          }
          if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
          data = await fetchRemote(parsed);
        }
        if (!data) return null;
        const kind = sniffImageKind(data);
        return kind ? { kind, data } : null;
      } catch {
        // Missing file, network failure, refused body: the PDF is produced without this photo.
        return null;
      }
    },
  };
}

/** The response body, or null as soon as it passes maxBytes (whatever Content-Length said). */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  if (!response.body) {
    const whole = Buffer.from(await response.arrayBuffer());
    return whole.length > maxBytes ? null : whole;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
