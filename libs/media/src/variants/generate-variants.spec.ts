import { createHash } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { plannedVariants, variantKey, type PhotoFormat } from '@platform/domain';
import { generateVariants, PhotoUnreadable } from './generate-variants';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The GPS entries of an EXIF block (a TIFF structure): how many tags its GPS IFD holds, 0 without one. */
function gpsEntries(exif: Buffer | undefined): number {
  if (!exif) return 0;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let entry = 0; entry < u16(ifd0); entry += 1) {
    const at = ifd0 + 2 + entry * 12;
    if (u16(at) === 0x8825) return u16(u32(at + 8));
  }
  return 0;
}

/** A camera-like JPEG: left half red, right half blue, with EXIF that names the camera and where it stood. */
async function cameraJpeg(width: number, height: number, orientation = 1): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const left = await sharp({ create: { width: half, height, channels: 3, background: { r: 220, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 220 } } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'EOS 90D', Copyright: 'Dealer' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 0/1' },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

describe('generateVariants', () => {
  it('makes AVIF, WebP and JPEG at the planned widths and the 1200x630 Open Graph crop, named by content', async () => {
    const original = await cameraJpeg(1300, 975);
    const hash = sha256(original);
    const result = await generateVariants(original, { hash });
    expect(result.source).toEqual({ width: 1300, height: 975 });
    const planned = plannedVariants({ width: 1300, height: 975 });
    const expected = planned.flatMap((variant) =>
      (variant.name === 'og' ? ['jpeg'] : ['avif', 'webp', 'jpeg']).map((format) => ({
        key: variantKey(hash, variant.name, format as PhotoFormat),
        width: variant.width,
        height: variant.height,
      })),
    );
    expect(result.variants.map(({ key, width, height }) => ({ key, width, height }))).toEqual(expected);
    const og = result.variants.find((variant) => variant.name === 'og');
    expect(og).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    for (const variant of result.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect({ key: variant.key, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        key: variant.key,
        format: variant.format === 'avif' ? 'heif' : variant.format,
        width: variant.width,
        height: variant.height,
      });
    }
  });

  it('strips every piece of metadata: GPS in a dealer photo never reaches a shopper', async () => {
    const original = await cameraJpeg(800, 600);
    const input = await sharp(original).metadata();
    expect(gpsEntries(input.exif)).toBeGreaterThan(0);
    expect(input.orientation).toBe(1);
    expect(input.exif?.toString('latin1')).toContain('Canon');
    const { variants } = await generateVariants(original, { hash: sha256(original), variants: ['w480', 'og'] });
    expect(variants).toHaveLength(4);
    for (const variant of variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect({ key: variant.key, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc }).toEqual({
        key: variant.key,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        icc: undefined,
      });
      expect(meta.orientation).toBeUndefined();
      const raw = variant.bytes.toString('latin1');
      for (const trace of ['Exif\0\0', 'Canon', 'EOS 90D', 'Dealer']) expect(raw).not.toContain(trace);
    }
  });

  it('applies the EXIF orientation, so a photo taken on its side is drawn upright', async () => {
    // Stored 400x200 (red left, blue right); orientation 6 says: turn 90 degrees clockwise to view.
    const original = await cameraJpeg(400, 200, 6);
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const result = await generateVariants(original, { hash: sha256(original), variants: ['w160'], formats: ['jpeg'] });
    expect(result.source).toEqual({ width: 200, height: 400 });
    const [variant] = result.variants;
    expect(variant).toMatchObject({ width: 160, height: 320 });
    const { data, info } = await sharp(variant?.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [topRed, , topBlue] = pixel(80, 20);
    const [bottomRed, , bottomBlue] = pixel(80, 300);
    expect(topRed).toBeGreaterThan(150);
    expect(topBlue).toBeLessThan(80);
    expect(bottomBlue).toBeGreaterThan(150);
    expect(bottomRed).toBeLessThan(80);
  });

  it('never upscales, and makes exactly the sizes the variant rules plan for any source', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 8, max: 900 }), fc.integer({ min: 8, max: 900 }), async (width, height) => {
        const original = await sharp({ create: { width, height, channels: 3, background: '#808080' } })
          .png()
          .toBuffer();
        const result = await generateVariants(original, { hash: sha256(original), formats: ['jpeg'] });
        const planned = plannedVariants({ width, height });
        expect(result.variants.map(({ name, width: w, height: h }) => ({ name, width: w, height: h }))).toEqual(
          planned,
        );
        for (const variant of result.variants) {
          const meta = await sharp(variant.bytes).metadata();
          expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
          expect(variant.width).toBeLessThanOrEqual(width);
          expect(variant.height).toBeLessThanOrEqual(height);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('reads a PNG with transparency, a GIF by its first frame, WebP and AVIF', async () => {
    const transparent = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const jpeg = (
      await generateVariants(transparent, { hash: sha256(transparent), variants: ['w160'], formats: ['jpeg'] })
    ).variants[0];
    // A transparent background is drawn white in JPEG, never black.
    const { data } = await sharp(jpeg?.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
    for (const format of ['gif', 'webp', 'avif'] as const) {
      const bytes = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#336699' } })
        .toFormat(format)
        .toBuffer();
      const result = await generateVariants(bytes, { hash: sha256(bytes), variants: ['w160'], formats: ['webp'] });
      expect(result.variants).toEqual([expect.objectContaining({ name: 'w160', width: 160, height: 107 })]);
    }
  });

  it('refuses a photo cut short or not an image, with a reason, rather than drawing half of it', async () => {
    const original = await cameraJpeg(600, 400);
    const cut = original.subarray(0, Math.floor(original.length * 0.6));
    await expect(generateVariants(cut, { hash: sha256(cut) })).rejects.toThrow(PhotoUnreadable);
    await expect(generateVariants(cut, { hash: sha256(cut) })).rejects.toMatchObject({ reason: 'undecodable' });
    const html = Buffer.from('<html><body>Not found</body></html>');
    await expect(generateVariants(html, { hash: sha256(html) })).rejects.toMatchObject({ reason: 'undecodable' });
  });

  it('holds libvips to the pixel cap itself, whatever the header said', async () => {
    const original = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expect(
      generateVariants(original, { hash: sha256(original), limits: { maxBytes: 1_000_000, maxPixels: 10_000 } }),
    ).rejects.toMatchObject({ reason: 'too-many-pixels' });
  });

  it('cuts a variant to its crop around the photo and encodes it at its quality, under its own key', async () => {
    // 1600x600: red left half, blue right half. A 4:3 cut keeps 800x600 of it, from the middle.
    const original = await cameraJpeg(1600, 600);
    const hash = sha256(original);
    const look = { quality: 75, crop: '4x3' } as const;
    const { variants } = await generateVariants(original, { hash, variants: ['w480'], formats: ['jpeg'], look });
    expect(variants).toHaveLength(1);
    const [cut] = variants;
    expect(cut).toMatchObject({ name: 'w480', look, width: 480, height: 360, key: `${hash}/w480-c4x3.jpg` });
    const meta = await sharp(cut?.bytes).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 480, height: 360 });

    const at = async (quality: 60 | 75 | 90) => {
      const { variants } = await generateVariants(original, {
        hash,
        variants: ['w480'],
        formats: ['webp'],
        look: { quality, crop: 'none' },
      });
      const [variant] = variants;
      if (!variant) throw new Error(`no w480 at quality ${quality}`);
      return variant;
    };
    const [low, usual, high] = [await at(60), await at(75), await at(90)];
    expect([low.key, usual.key, high.key]).toEqual([
      `${hash}/w480-q60.webp`,
      `${hash}/w480.webp`,
      `${hash}/w480-q90.webp`,
    ]);
    expect(low.height).toBe(180);
    expect(low.bytes.length).toBeLessThan(usual.bytes.length);
    expect(usual.bytes.length).toBeLessThan(high.bytes.length);
  });
});
