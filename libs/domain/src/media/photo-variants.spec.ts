import fc from 'fast-check';
import {
  DEFAULT_PHOTO_LOOK,
  EAGER_PHOTO_VARIANTS,
  OG_IMAGE,
  PHOTO_CROPS,
  PHOTO_QUALITIES,
  PHOTO_ROLE_LOOKS,
  PhotoLookQuerySchema,
  cropBox,
  parseStoredVariantName,
  storedVariantName,
  PHOTO_ROLES,
  PHOTO_VARIANTS,
  PHOTO_WIDTHS,
  chooseServedFormat,
  formatsOfVariant,
  isPhotoVariantName,
  originalKey,
  parsePhotoKey,
  photoSrcSet,
  photoUrl,
  plannedVariants,
  variantKey,
  variantSize,
  type PhotoVariantName,
} from './photo-variants';

const hash = fc.stringMatching(/^[0-9a-f]{64}$/);
const variantName = fc.constantFrom(...PHOTO_VARIANTS.map((variant) => variant.name));
const dimension = fc.integer({ min: 1, max: 12_000 });

describe('the variant catalogue', () => {
  it('offers every width the pages draw, a width variant for each and the Open Graph crop', () => {
    expect(PHOTO_WIDTHS).toEqual([160, 320, 480, 640, 800, 960, 1200, 1600, 2400]);
    for (const widths of Object.values(PHOTO_ROLES)) for (const width of widths) expect(PHOTO_WIDTHS).toContain(width);
    expect(PHOTO_VARIANTS.map((variant) => variant.name)).toEqual([...PHOTO_WIDTHS.map((w) => `w${w}`), 'og']);
    expect(OG_IMAGE).toEqual({ width: 1200, height: 630 });
  });
});

describe('variantSize', () => {
  it('never upscales: a variant is never wider or taller than its source', () => {
    fc.assert(
      fc.property(variantName, dimension, dimension, (name, width, height) => {
        const size = variantSize(name, { width, height });
        expect(size.width).toBeGreaterThanOrEqual(1);
        expect(size.height).toBeGreaterThanOrEqual(1);
        expect(size.width).toBeLessThanOrEqual(width);
        expect(size.height).toBeLessThanOrEqual(height);
      }),
    );
  });

  it('keeps the aspect ratio of a width variant within a pixel', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PHOTO_WIDTHS), dimension, dimension, (nominal, width, height) => {
        const size = variantSize(`w${nominal}` as PhotoVariantName, { width, height });
        expect(size.width).toBe(Math.min(nominal, width));
        expect(Math.abs(size.height - (height * size.width) / width)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('crops the Open Graph variant to 1200x630, or to that shape at the source size when smaller', () => {
    expect(variantSize('og', { width: 4000, height: 3000 })).toEqual({ width: 1200, height: 630 });
    expect(variantSize('og', { width: 800, height: 600 })).toEqual({ width: 800, height: 420 });
    fc.assert(
      fc.property(fc.integer({ min: 40, max: 12_000 }), fc.integer({ min: 40, max: 12_000 }), (width, height) => {
        const size = variantSize('og', { width, height });
        expect(Math.abs(size.width / size.height - 1200 / 630)).toBeLessThan(0.05);
      }),
    );
  });
});

describe('plannedVariants', () => {
  it('plans the widths below the source and one at the source size when it is smaller than the next', () => {
    expect(plannedVariants({ width: 1000, height: 750 }).map((v) => v.name)).toEqual([
      'w160',
      'w320',
      'w480',
      'w640',
      'w800',
      'w960',
      'w1200',
      'og',
    ]);
    expect(plannedVariants({ width: 1000, height: 750 }).find((v) => v.name === 'w1200')).toMatchObject({
      width: 1000,
      height: 750,
    });
    expect(plannedVariants({ width: 100, height: 75 }).map((v) => v.name)).toEqual(['w160', 'og']);
  });

  it('never plans two width variants of the same size', () => {
    fc.assert(
      fc.property(dimension, dimension, (width, height) => {
        const widths = plannedVariants({ width, height })
          .filter((variant) => variant.name !== 'og')
          .map((variant) => variant.width);
        expect(new Set(widths).size).toBe(widths.length);
      }),
    );
  });
});

describe('content-addressed keys', () => {
  it('names a variant <sha256>/<variant>.<ext> and reads it back', () => {
    const sha = 'a'.repeat(64);
    expect(variantKey(sha, 'w480', 'avif')).toBe(`${sha}/w480.avif`);
    expect(variantKey(sha, 'og', 'jpeg')).toBe(`${sha}/og.jpg`);
    expect(originalKey(sha, 'png')).toBe(`${sha}/original.png`);
    fc.assert(
      fc.property(
        hash,
        variantName.chain((name) => fc.tuple(fc.constant(name), fc.constantFrom(...formatsOfVariant(name)))),
        (h, [name, format]) => {
          expect(parsePhotoKey(variantKey(h, name, format))).toEqual({
            hash: h,
            variant: name,
            look: DEFAULT_PHOTO_LOOK,
            format,
          });
        },
      ),
    );
    expect(() => variantKey(sha, 'og', 'avif')).toThrow();
  });

  it('reads no key that could leave its folder or that it did not write', () => {
    for (const key of [
      '../etc/passwd',
      `${'a'.repeat(64)}/../../x.jpg`,
      `${'a'.repeat(64)}/w480.exe`,
      `${'A'.repeat(64)}/w480.jpg`,
      `${'a'.repeat(63)}/w480.jpg`,
      `${'a'.repeat(64)}/w481.jpg`,
      `${'a'.repeat(64)}\\w480.jpg`,
      `/${'a'.repeat(64)}/w480.jpg`,
      // Names every object inherits: no format, however the lookup is written.
      `${'a'.repeat(64)}/original.constructor`,
      `${'a'.repeat(64)}/original.tostring`,
      `${'a'.repeat(64)}/w480.constructor`,
    ])
      expect(parsePhotoKey(key)).toBeNull();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (key) => {
        const parsed = parsePhotoKey(key);
        if (parsed === null) return;
        expect(key).toMatch(/^[0-9a-f]{64}\/[a-z0-9]+(-q[0-9]+)?(-c[0-9]+x[0-9]+)?\.(avif|webp|jpg|png|gif)$/);
      }),
    );
  });
});

describe('isPhotoVariantName', () => {
  it('knows the defined variants and nothing else, inherited names included', () => {
    for (const variant of PHOTO_VARIANTS) expect(isPhotoVariantName(variant.name)).toBe(true);
    for (const name of ['__proto__', 'constructor', 'toString', 'original', 'w481', 'W480', 'w480 ', '', 'og\0'])
      expect(isPhotoVariantName(name)).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (name) => {
        expect(isPhotoVariantName(name)).toBe(PHOTO_VARIANTS.some((variant) => variant.name === name));
      }),
    );
  });
});

describe('chooseServedFormat', () => {
  it.each([
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'avif'],
    ['image/webp,*/*', 'webp'],
    ['image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5', 'jpeg'],
    ['*/*', 'jpeg'],
    ['', 'jpeg'],
    [undefined, 'jpeg'],
    ['image/avif;q=0, image/webp', 'webp'],
    ['image/avif;q=0.5, image/webp;q=0.9', 'webp'],
    ['IMAGE/AVIF', 'avif'],
    ['image/webp;q=0,image/avif;q=0', 'jpeg'],
  ])('answers %p with %p', (accept, format) => {
    expect(chooseServedFormat(accept)).toBe(format);
  });

  it('answers any header, however odd, with a format it serves and never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (accept) => {
        expect(['avif', 'webp', 'jpeg']).toContain(chooseServedFormat(accept));
      }),
    );
  });

  it('picks AVIF whenever the browser lists it unweighted, wherever it stands in the list', () => {
    const other = fc.constantFrom('image/webp', 'image/png', 'image/*;q=0.8', '*/*;q=0.5', 'text/html', 'image/jpeg');
    fc.assert(
      fc.property(fc.array(other, { maxLength: 6 }), fc.nat(6), (others, at) => {
        const list: string[] = [...others];
        list.splice(Math.min(at, list.length), 0, 'image/avif');
        expect(chooseServedFormat(list.join(','))).toBe('avif');
      }),
    );
  });
});

describe('photo addresses', () => {
  it('serves a variant from the platform origin under its content address', () => {
    const sha = 'b'.repeat(64);
    expect(photoUrl(sha, 'w800')).toBe(`/media/photos/${sha}/w800`);
  });

  it('draws a srcset of the widths a role uses that exist for the source, with their real widths', () => {
    const sha = 'c'.repeat(64);
    const card = '?q=75&crop=4x3';
    expect(photoSrcSet(sha, 'card', { width: 700, height: 525 })).toBe(
      [
        `/media/photos/${sha}/w320${card} 320w`,
        `/media/photos/${sha}/w480${card} 480w`,
        `/media/photos/${sha}/w640${card} 640w`,
        `/media/photos/${sha}/w800${card} 700w`,
      ].join(', '),
    );
    expect(photoSrcSet(sha, 'thumbnail', { width: 2000, height: 1500 })).toBe(
      `/media/photos/${sha}/w160?q=60&crop=4x3 160w, /media/photos/${sha}/w320?q=60&crop=4x3 320w`,
    );
    expect(photoSrcSet(sha, 'card', { width: 100, height: 75 })).toBe(`/media/photos/${sha}/w160${card} 100w`);
    // A wide photo cut to 4:3 has the widths of its 4:3 box: 1600x600 is 800x600 of it.
    expect(photoSrcSet(sha, 'card', { width: 1600, height: 600 })).toBe(
      [
        `/media/photos/${sha}/w320${card} 320w`,
        `/media/photos/${sha}/w480${card} 480w`,
        `/media/photos/${sha}/w640${card} 640w`,
        `/media/photos/${sha}/w800${card} 800w`,
      ].join(', '),
    );
    expect(photoSrcSet(sha, 'gallery', { width: 1000, height: 750 })).toBe(
      `/media/photos/${sha}/w480?q=75&crop=none 480w, /media/photos/${sha}/w800?q=75&crop=none 800w, /media/photos/${sha}/w1200?q=75&crop=none 1000w`,
    );
    fc.assert(
      fc.property(
        hash,
        fc.constantFrom(...(Object.keys(PHOTO_ROLES) as (keyof typeof PHOTO_ROLES)[])),
        dimension,
        dimension,
        (h, role, width, height) => {
          const entries = photoSrcSet(h, role, { width, height }).split(', ');
          expect(entries.length).toBeGreaterThanOrEqual(1);
          const described = entries.map((entry) => Number(/ (\d+)w$/.exec(entry)?.[1]));
          for (const value of described) expect(value).toBeLessThanOrEqual(width);
          expect(new Set(described).size).toBe(described.length);
        },
      ),
    );
  });
});

describe('width, quality and crop (spec 000 §7: the image requests carry all three)', () => {
  const sha = 'd'.repeat(64);

  it('offers a fixed few qualities and crops, and each place on a page asks for its own', () => {
    expect(PHOTO_QUALITIES).toEqual([60, 75, 90]);
    expect(PHOTO_CROPS).toEqual(['none', '4x3', '16x9', '1x1']);
    expect(DEFAULT_PHOTO_LOOK).toEqual({ quality: 75, crop: 'none' });
    expect(PHOTO_ROLE_LOOKS).toEqual({
      thumbnail: { quality: 60, crop: '4x3' },
      card: { quality: 75, crop: '4x3' },
      gallery: { quality: 75, crop: 'none' },
      fullScreen: { quality: 90, crop: 'none' },
    });
    expect(photoUrl(sha, 'w800', { quality: 90, crop: '16x9' })).toBe(`/media/photos/${sha}/w800?q=90&crop=16x9`);
  });

  it('reads an address query: absent is the default look, a value off the list is an error naming its parameter', () => {
    expect(PhotoLookQuerySchema.parse({})).toEqual(DEFAULT_PHOTO_LOOK);
    expect(PhotoLookQuerySchema.parse({ q: '90', crop: '1x1', w: '800', utm_source: 'x' })).toEqual({
      quality: 90,
      crop: '1x1',
    });
    for (const [query, field] of [
      [{ q: '80' }, 'q'],
      [{ q: '75.0' }, 'q'],
      [{ q: ['75', '90'] }, 'q'],
      [{ crop: '3x2' }, 'crop'],
      [{ crop: 'NONE' }, 'crop'],
      [{ crop: '__proto__' }, 'crop'],
    ] as const) {
      const result = PhotoLookQuerySchema.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
    }
  });

  it('cuts a cropped variant to its shape, never larger than the largest such box inside the photo', () => {
    expect(cropBox({ width: 1600, height: 600 }, '4x3')).toEqual({ width: 800, height: 600 });
    expect(cropBox({ width: 600, height: 1600 }, '4x3')).toEqual({ width: 600, height: 450 });
    expect(variantSize('w480', { width: 4000, height: 2000 }, '4x3')).toEqual({ width: 480, height: 360 });
    expect(variantSize('w1200', { width: 1000, height: 1000 }, '16x9')).toEqual({ width: 1000, height: 563 });
    fc.assert(
      fc.property(
        fc.constantFrom(...PHOTO_WIDTHS),
        fc.constantFrom('4x3', '16x9', '1x1' as const),
        fc.integer({ min: 40, max: 12_000 }),
        fc.integer({ min: 40, max: 12_000 }),
        (nominal, crop, width, height) => {
          const size = variantSize(`w${nominal}` as PhotoVariantName, { width, height }, crop);
          const [w = 1, h = 1] = crop.split('x').map(Number);
          expect(size.width).toBeLessThanOrEqual(Math.min(nominal, width));
          expect(size.height).toBeLessThanOrEqual(height);
          expect(Math.abs(size.width / size.height - w / h)).toBeLessThan(0.05);
        },
      ),
    );
    expect(() => variantSize('og', { width: 2000, height: 1500 }, '4x3')).toThrow();
    expect(plannedVariants({ width: 1600, height: 600 }, '4x3').map((v) => v.name)).toEqual([
      'w160',
      'w320',
      'w480',
      'w640',
      'w800',
    ]);
  });

  it('names a variant in the store by its width and, where not the default, its quality and crop, one name each', () => {
    expect(storedVariantName('w800')).toBe('w800');
    expect(storedVariantName('w320', { quality: 75, crop: '4x3' })).toBe('w320-c4x3');
    expect(storedVariantName('w160', { quality: 60, crop: '4x3' })).toBe('w160-q60-c4x3');
    expect(storedVariantName('og', { quality: 90, crop: 'none' })).toBe('og-q90');
    expect(variantKey(sha, 'w1600', 'avif', { quality: 90, crop: 'none' })).toBe(`${sha}/w1600-q90.avif`);
    expect(parsePhotoKey(`${sha}/w160-q60-c4x3.webp`)).toEqual({
      hash: sha,
      variant: 'w160',
      look: { quality: 60, crop: '4x3' },
      format: 'webp',
    });
    // Another spelling of a variant that has a name, a value off the list, or a cropped og: no key.
    for (const name of ['w800-q75', 'w800-cnone', 'w800-q80', 'w800-c3x2', 'og-c4x3', 'w800-c4x3-q60', 'w800-'])
      expect(parseStoredVariantName(name)).toBeNull();
    fc.assert(
      fc.property(
        variantName,
        fc.constantFrom(...PHOTO_QUALITIES),
        fc.constantFrom(...PHOTO_CROPS),
        (name, quality, crop) => {
          if (name === 'og' && crop !== 'none') return;
          const stored = storedVariantName(name, { quality, crop });
          expect(parseStoredVariantName(stored)).toEqual({ name, look: { quality, crop } });
        },
      ),
    );
  });

  it('makes ahead the variants the search card and the gallery opening ask for', () => {
    expect([...EAGER_PHOTO_VARIANTS]).toEqual(['w320-c4x3', 'w480-c4x3', 'w640-c4x3', 'w480', 'w800']);
  });
});
