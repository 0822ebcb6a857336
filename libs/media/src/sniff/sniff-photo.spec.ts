import fc from 'fast-check';
import sharp from 'sharp';
import type { SourceFormat } from '@platform/domain';
import { PHOTO_LIMITS, sniffPhoto, type PhotoLimits } from './sniff-photo';

/** A real photo of each accepted format, encoded by libvips, so the sniffer is held to real files. */
async function encode(format: SourceFormat, width: number, height: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 } } });
  switch (format) {
    case 'jpeg':
      return image.jpeg().toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp().toBuffer();
    case 'avif':
      return image.avif({ effort: 0 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}

const FORMATS: SourceFormat[] = ['jpeg', 'png', 'webp', 'avif', 'gif'];

// Header builders: the fewest bytes each format needs to state its size, so sizes far past any
// encoder's patience (a 20,000 x 20,000 PNG) can be tried.
const u16be = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const box = (type: string, body: number[]) => [...u32be(8 + body.length), ...ascii(type), ...body];

const HEADERS: Record<SourceFormat | 'webp-lossless' | 'webp-extended', (w: number, h: number) => number[]> = {
  jpeg: (w, h) => [
    0xff,
    0xd8,
    ...[0xff, 0xe0, ...u16be(16), ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
    ...[0xff, 0xc0, ...u16be(17), 8, ...u16be(h), ...u16be(w), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
  ],
  png: (w, h) => [
    0x89,
    ...ascii('PNG\r\n\x1a\n'),
    ...u32be(13),
    ...ascii('IHDR'),
    ...u32be(w),
    ...u32be(h),
    8,
    2,
    0,
    0,
    0,
  ],
  gif: (w, h) => [...ascii('GIF89a'), ...u16le(w), ...u16le(h), 0, 0, 0],
  webp: (w, h) => [
    ...ascii('RIFF'),
    0,
    0,
    0,
    0,
    ...ascii('WEBPVP8 '),
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0x9d,
    0x01,
    0x2a,
    ...u16le(w),
    ...u16le(h),
  ],
  'webp-lossless': (w, h) => {
    const bits = (w - 1) | ((h - 1) << 14);
    return [...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBPVP8L'), 0, 0, 0, 0, 0x2f, ...u32be(bits).reverse()];
  },
  'webp-extended': (w, h) => [
    ...ascii('RIFF'),
    0,
    0,
    0,
    0,
    ...ascii('WEBPVP8X'),
    ...u32be(10).reverse(),
    0,
    0,
    0,
    0,
    ...u24le(w - 1),
    ...u24le(h - 1),
  ],
  avif: (w, h) => [
    ...box('ftyp', [...ascii('avif'), 0, 0, 0, 0, ...ascii('mif1miaf')]),
    ...box('meta', [
      0,
      0,
      0,
      0,
      ...box('hdlr', [0, 0, 0, 0, 0, 0, 0, 0, ...ascii('pict'), ...new Array(13).fill(0)]),
      ...box('iprp', [...box('ipco', [...box('ispe', [0, 0, 0, 0, ...u32be(w), ...u32be(h)])])]),
    ]),
  ],
};
const HEADER_FORMAT: Record<keyof typeof HEADERS, SourceFormat> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  'webp-lossless': 'webp',
  'webp-extended': 'webp',
  avif: 'avif',
};
// The largest side each header can state.
const MAX_SIDE: Record<keyof typeof HEADERS, number> = {
  jpeg: 65_535,
  png: 100_000,
  gif: 65_535,
  webp: 16_383,
  'webp-lossless': 16_384,
  'webp-extended': 100_000,
  avif: 100_000,
};

describe('sniffPhoto', () => {
  it.each(FORMATS)('reads the format and size of a real %s from its header', async (format) => {
    const bytes = await encode(format, 37, 23);
    expect(sniffPhoto(bytes)).toEqual({ ok: true, format, width: 37, height: 23 });
  });

  it('states its limits: 25 MB and 40 megapixels a photo', () => {
    expect(PHOTO_LIMITS).toEqual({ maxBytes: 25 * 1024 * 1024, maxPixels: 40_000_000 });
  });

  it('refuses an HTML page named .jpg, whatever precedes its markup', () => {
    const page = fc
      .tuple(
        fc.constantFrom('', '\ufeff', ' ', '\r\n', '\t\n  '),
        fc.constantFrom('<!DOCTYPE html>', '<html>', '<HTML lang="en">', '<head>', '<body>', '<!-- x -->', '<script>'),
        fc.string({ maxLength: 200 }),
      )
      .map(([lead, tag, rest]) => Buffer.from(`${lead}${tag}${rest}`, 'utf8'));
    fc.assert(
      fc.property(page, (bytes) => {
        expect(sniffPhoto(bytes)).toMatchObject({ ok: false, reason: 'html' });
      }),
    );
  });

  it('refuses SVG, TIFF, BMP, HEIC, PDF and empty bodies with a reason', () => {
    const refusals: [string, number[], string][] = [
      ['svg', ascii('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'unsupported-format'],
      ['svg', ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'unsupported-format'],
      ['tiff', [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0], 'unsupported-format'],
      ['bmp', [...ascii('BM'), 0, 0, 0, 0, 0, 0, 0, 0], 'unsupported-format'],
      ['heic', box('ftyp', [...ascii('heic'), 0, 0, 0, 0, ...ascii('mif1heic')]), 'unsupported-format'],
      ['pdf', ascii('%PDF-1.7\n'), 'unsupported-format'],
      ['empty', [], 'empty'],
    ];
    for (const [name, bytes, reason] of refusals) {
      const answer = sniffPhoto(Buffer.from(bytes));
      expect({ name, answer }).toMatchObject({ name, answer: { ok: false, reason } });
      if (!answer.ok) expect(answer.message.length).toBeGreaterThan(10);
    }
  });

  it('never throws on random bytes, and accepts them only where they start like an accepted format', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (raw) => {
        const answer = sniffPhoto(Buffer.from(raw));
        if (!answer.ok) {
          expect(answer.message).toEqual(expect.any(String));
          return;
        }
        const head = Buffer.from(raw).subarray(0, 12).toString('latin1');
        const starts = {
          jpeg: head.startsWith('\xff\xd8\xff'),
          png: head.startsWith('\x89PNG'),
          gif: head.startsWith('GIF8'),
          webp: head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP',
          avif: head.slice(4, 8) === 'ftyp',
        };
        expect(starts[answer.format]).toBe(true);
        expect(answer.width * answer.height).toBeLessThanOrEqual(PHOTO_LIMITS.maxPixels);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads any size from a valid header followed by random bytes, refusing exactly those past the pixel cap', () => {
    const header = fc.constantFrom(...(Object.keys(HEADERS) as (keyof typeof HEADERS)[]));
    fc.assert(
      fc.property(
        header.chain((kind) =>
          fc.tuple(
            fc.constant(kind),
            fc.integer({ min: 1, max: MAX_SIDE[kind] }),
            fc.integer({ min: 1, max: MAX_SIDE[kind] }),
          ),
        ),
        fc.uint8Array({ maxLength: 200 }),
        ([kind, width, height], tail) => {
          const bytes = Buffer.from([...HEADERS[kind](width, height), ...tail]);
          const answer = sniffPhoto(bytes);
          if (width * height > PHOTO_LIMITS.maxPixels)
            expect(answer).toMatchObject({ ok: false, reason: 'too-many-pixels' });
          else expect(answer).toEqual({ ok: true, format: HEADER_FORMAT[kind], width, height });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses a 20,000 x 20,000 PNG from its header alone', () => {
    const answer = sniffPhoto(Buffer.from(HEADERS.png(20_000, 20_000)));
    expect(answer).toMatchObject({ ok: false, reason: 'too-many-pixels' });
    if (!answer.ok) expect(answer.message).toContain('20000 x 20000');
  });

  it('refuses a body past the size cap before looking at it, and honours a lower cap', () => {
    const limits: PhotoLimits = { maxBytes: 1000, maxPixels: 100 };
    fc.assert(
      fc.property(fc.integer({ min: 1001, max: 5000 }), (size) => {
        const bytes = Buffer.concat([Buffer.from(HEADERS.png(5, 5)), Buffer.alloc(size)]);
        expect(sniffPhoto(bytes, limits)).toMatchObject({ ok: false, reason: 'too-large' });
      }),
    );
    expect(sniffPhoto(Buffer.from(HEADERS.png(11, 10)), limits)).toMatchObject({
      ok: false,
      reason: 'too-many-pixels',
    });
    expect(sniffPhoto(Buffer.alloc(PHOTO_LIMITS.maxBytes + 1, 0xff))).toMatchObject({ ok: false, reason: 'too-large' });
  });

  it('refuses a header that states no pixels', () => {
    for (const kind of ['jpeg', 'png', 'gif'] as const)
      expect(sniffPhoto(Buffer.from(HEADERS[kind](0, 10)))).toMatchObject({ ok: false, reason: 'bad-dimensions' });
  });

  it('answers every cut of a real photo either as truncated or with its true size, never another', async () => {
    const photos = await Promise.all(FORMATS.map(async (format) => [format, await encode(format, 61, 45)] as const));
    fc.assert(
      fc.property(fc.constantFrom(...photos), fc.double({ min: 0, max: 1, noNaN: true }), ([format, bytes], cut) => {
        const prefix = bytes.subarray(0, Math.floor(bytes.length * cut));
        const answer = sniffPhoto(prefix);
        if (answer.ok) expect(answer).toEqual({ ok: true, format, width: 61, height: 45 });
        else expect(['truncated', 'empty']).toContain(answer.reason);
      }),
      { numRuns: 500 },
    );
    // Every cut inside the header, byte by byte.
    for (const [, bytes] of photos)
      for (let length = 1; length < Math.min(bytes.length, 400); length += 1) {
        const answer = sniffPhoto(bytes.subarray(0, length));
        if (!answer.ok) expect(answer.reason).toBe('truncated');
      }
  });
});
