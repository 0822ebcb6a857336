import { inflateSync } from 'node:zlib';

/**
 * pdfkit decodes some PNGs (alpha channel, indexed transparency, interlaced) through png-js,
 * whose zlib callback *throws* on corrupt data or an unknown row filter: an uncaught exception
 * that would take the API process down rather than fail one PDF. So every PNG is checked here,
 * synchronously, before it reaches pdfkit: the chunk structure, the header values, the
 * compressed data (inflated with an output cap, which also stops decompression bombs) and each
 * row filter byte, read exactly as png-js will read them.
 */

/** Above this the photo is skipped: decoding it would cost too much memory for a print. */
export const MAX_PNG_PIXELS = 40_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const ADAM7: [number, number, number, number][] = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

export interface PngInfo {
  width: number;
  height: number;
}

/** The dimensions when pdfkit can embed the PNG without risk; null otherwise. */
export function checkPng(data: Buffer): PngInfo | null {
  try {
    return inspect(data);
  } catch {
    return null;
  }
}

function inspect(data: Buffer): PngInfo | null {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  let pos = 8;
  let header: { width: number; height: number; bits: number; colorType: number; interlaced: boolean } | null = null;
  let hasPalette = false;
  let hasIndexedTransparency = false;
  const idat: Buffer[] = [];
  for (;;) {
    if (pos + 8 > data.length) return null;
    const size = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    const start = pos + 8;
    const end = start + size;
    if (end + 4 > data.length) return null;
    if (!header && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (size !== 13) return null;
      header = {
        width: data.readUInt32BE(start),
        height: data.readUInt32BE(start + 4),
        bits: data[start + 8],
        colorType: data[start + 9],
        interlaced: data[start + 12] === 1,
      };
      if (data[start + 10] !== 0 || data[start + 11] !== 0 || data[start + 12] > 1) return null;
    } else if (type === 'PLTE') {
      if (size === 0 || size % 3 !== 0) return null;
      hasPalette = true;
    } else if (type === 'tRNS') {
      hasIndexedTransparency = header?.colorType === 3;
    } else if (type === 'IDAT') {
      idat.push(data.subarray(start, end));
    } else if (type === 'IEND') {
      break;
    }
    pos = end + 4;
  }
  if (!header) return null;
  const { width, height, bits, colorType, interlaced } = header;
  const channels = CHANNELS[colorType];
  if (!channels || !DEPTHS[colorType].includes(bits)) return null;
  if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff || width * height > MAX_PNG_PIXELS)
    return null;
  if (colorType === 3 && !hasPalette) return null;
  if (idat.length === 0) return null;

  const bitsPerPixel = channels * bits;
  // The size the spec gives the filtered data: one filter byte and the packed samples per row, per pass.
  const passes = interlaced ? ADAM7 : [[0, 0, 1, 1] as [number, number, number, number]];
  let expected = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) expected += h * (1 + Math.ceil((w * bitsPerPixel) / 8));
  }
  // Throws on corrupt data and on more output than the image can hold.
  const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  if (raw.length !== expected) return null;

  // png-js unpacks these (alpha, indexed transparency, interlacing); it handles only whole-byte
  // pixels there (packed 1, 2 and 4 bit samples come out garbled or make it throw), so those are skipped.
  const decodedByPngJs = colorType === 4 || colorType === 6 || hasIndexedTransparency || interlaced;
  if (decodedByPngJs && bits < 8) return null;
  if (!filtersReadable(raw, width, height, bitsPerPixel / 8, passes)) return null;
  return { width, height };
}

/** Walks the rows the way png-js does (including its reading of empty interlace passes); false at any filter byte above 4. */
function filtersReadable(
  raw: Buffer,
  width: number,
  height: number,
  pixelBytes: number,
  passes: [number, number, number, number][],
): boolean {
  let pos = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    const rowBytes = Math.max(0, Math.ceil(pixelBytes * w));
    for (let row = 0; row < h && pos < raw.length; row++) {
      if (raw[pos++] > 4) return false;
      pos += rowBytes;
    }
  }
  return true;
}
