import fc from 'fast-check';
import { carPhotoAddresses, carPhotoPath, EAGER_PHOTOS_PER_CAR } from './photo-addresses';

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'a\u0000b', '\ud800', 'x'.repeat(10_000)];

describe('carPhotoAddresses', () => {
  it('lists every photo field in page order, each address once, with its place and the first ones eager', () => {
    const car = {
      primary_image_url: 'https://dealer.example/p.jpg',
      images: [
        { url: 'https://dealer.example/1.jpg', thumb: { url: 'https://dealer.example/1-t.jpg' } },
        { url: 'https://dealer.example/p.jpg', thumb: null },
        'https://dealer.example/2.jpg',
        { url: 'https://dealer.example/3.jpg', thumb: { url: 'https://dealer.example/3.jpg' } },
      ],
      thumbnails: ['https://dealer.example/1-t.jpg', 'https://dealer.example/t9.jpg'],
      spin_images: ['https://spin.example/0.jpg', '/media/demo/spin-1.svg', 'https://spin.example/1.jpg'],
      spin_interior_image: 'https://spin.example/pano.jpg',
      video_url: 'https://video.example/v.mp4',
      file: 'https://reports.example/history.pdf',
    };
    expect(carPhotoAddresses(car)).toEqual([
      { url: 'https://dealer.example/p.jpg', field: 'primary_image_url', position: 0, eager: true },
      { url: 'https://dealer.example/1.jpg', field: 'images', position: 0, eager: true },
      { url: 'https://dealer.example/2.jpg', field: 'images', position: 2, eager: false },
      { url: 'https://dealer.example/3.jpg', field: 'images', position: 3, eager: false },
      { url: 'https://dealer.example/1-t.jpg', field: 'images.thumb', position: 0, eager: false },
      { url: 'https://dealer.example/t9.jpg', field: 'thumbnails', position: 1, eager: false },
      { url: 'https://spin.example/0.jpg', field: 'spin_images', position: 0, eager: false },
      { url: 'https://spin.example/1.jpg', field: 'spin_images', position: 2, eager: false },
      { url: 'https://spin.example/pano.jpg', field: 'spin_interior_image', position: 0, eager: false },
    ]);
    expect(carPhotoPath('images.thumb', 0)).toBe('images.0.thumb');
    expect(carPhotoPath('spin_images', 2)).toBe('spin_images.2');
    expect(carPhotoPath('primary_image_url', 0)).toBe('primary_image_url');
  });

  it('never lists the platform’s own /media/ files, other schemes, or values that are not text', () => {
    expect(
      carPhotoAddresses({
        primary_image_url: '/media/demo/suv.svg',
        images: ['javascript:alert(1)', { url: 42 }, null, { url: 'data:image/png;base64,AA' }],
        spin_images: 'https://not-a-list.example/a.jpg',
        spin_interior_image: ['https://x.example/a.jpg'],
      }),
    ).toEqual([]);
    for (const value of [null, undefined, 'car', 7, [], [{ images: ['https://x.example/a.jpg'] }]])
      expect(carPhotoAddresses(value)).toEqual([]);
  });

  const address = fc.oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc.constantFrom('/media/demo/a.svg', '/media/x/y.jpg', 'javascript:x', 'data:,', '', ' '),
    fc.string(),
    fc.constantFrom(...HOSTILE_KEYS),
  );
  const value = fc.oneof(address, fc.constant(null), fc.integer(), fc.object({ maxDepth: 1 }));
  const image = fc.oneof(
    value,
    fc.record({ url: value, thumb: fc.oneof(fc.constant(null), fc.record({ url: value })) }, { requiredKeys: [] }),
  );
  const car = fc.record(
    {
      primary_image_url: value,
      images: fc.oneof(fc.array(image, { maxLength: 12 }), value),
      thumbnails: fc.oneof(fc.array(value, { maxLength: 6 }), value),
      spin_images: fc.oneof(fc.array(value, { maxLength: 6 }), value),
      spin_interior_image: value,
      ...Object.fromEntries(HOSTILE_KEYS.slice(0, 4).map((key) => [key, fc.array(address, { maxLength: 3 })])),
    },
    { requiredKeys: [] },
  );

  it('gives only http(s) addresses, none under /media/, each once, with at most the eager count eager', () => {
    fc.assert(
      fc.property(car, (input) => {
        const found = carPhotoAddresses(JSON.parse(JSON.stringify(input)));
        const urls = found.map((entry) => entry.url);
        expect(new Set(urls).size).toBe(urls.length);
        for (const url of urls) {
          expect(url).toMatch(/^\s*https?:\/\//i);
          expect(url.trim().startsWith('/media/')).toBe(false);
        }
        expect(found.filter((entry) => entry.eager).length).toBeLessThanOrEqual(EAGER_PHOTOS_PER_CAR);
        // Every address listed is one the car holds in a photo field, at the place given.
        for (const entry of found) {
          const source = input as Record<string, unknown>;
          const held =
            entry.field === 'primary_image_url' || entry.field === 'spin_interior_image'
              ? source[entry.field]
              : entry.field === 'images' || entry.field === 'images.thumb'
                ? (() => {
                    const item = (source['images'] as unknown[])[entry.position];
                    if (entry.field === 'images')
                      return typeof item === 'string' ? item : (item as { url: unknown }).url;
                    return (item as { thumb: { url: unknown } }).thumb.url;
                  })()
                : (source[entry.field] as unknown[])[entry.position];
          expect(held).toBe(entry.url);
        }
      }),
    );
  });

  it('ignores photo fields under hostile keys and inherited ones', () => {
    const car = JSON.parse(
      '{"__proto__": {"primary_image_url": "https://evil.example/a.jpg"}, "constructor": {"images": ["https://evil.example/b.jpg"]}}',
    ) as unknown;
    expect(carPhotoAddresses(car)).toEqual([]);
    expect(carPhotoAddresses(Object.create({ primary_image_url: 'https://evil.example/c.jpg' }))).toEqual([]);
  });
});
