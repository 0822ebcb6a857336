import fc from 'fast-check';
import { carPhotoAddresses } from './photo-addresses';
import { photoSrcSet } from './photo-variants';
import {
  absolutePhotoUrl,
  carPhotos,
  drawPhoto,
  photoLookupOf,
  variantForWidth,
  type StoredPhoto,
} from './stored-photo';

const HASH = 'd'.repeat(64);
const big: StoredPhoto = { hash: HASH, width: 3000, height: 2000 };
const small: StoredPhoto = { hash: HASH, width: 700, height: 525 };

describe('drawPhoto', () => {
  it('draws a stored photo from its variants, with a fallback src it has', () => {
    expect(drawPhoto('https://dealer.example/1.jpg', big, 'card')).toEqual({
      kind: 'stored',
      // The card's look: a 4:3 crop at quality 75, asked for in the address.
      src: `/media/photos/${HASH}/w480?q=75&crop=4x3`,
      srcSet: photoSrcSet(HASH, 'card', big),
      width: 3000,
      height: 2000,
    });
    // 700 wide: no w1600; the full-screen src is the photo at its own width (w800 holds it).
    expect(drawPhoto('https://dealer.example/1.jpg', small, 'fullScreen')).toMatchObject({
      src: `/media/photos/${HASH}/w800?q=90&crop=none`,
    });
  });

  it("draws the platform's own files as they are, and a placeholder for any dealer address not stored", () => {
    expect(drawPhoto('/media/demo/ute-1.svg', null, 'gallery')).toEqual({
      kind: 'platform',
      src: '/media/demo/ute-1.svg',
    });
    fc.assert(
      fc.property(
        fc.webUrl(),
        fc.constantFrom('card', 'gallery', 'fullScreen', 'thumbnail') as fc.Arbitrary<'card'>,
        (url, role) => {
          expect(drawPhoto(url, null, role)).toEqual({ kind: 'placeholder' });
          expect(drawPhoto(url, undefined, role)).toEqual({ kind: 'placeholder' });
        },
      ),
    );
    for (const hostile of ['//dealer.example/x.jpg', '/media//dealer.example/x.jpg', 'javascript:alert(1)', '', null])
      expect(drawPhoto(hostile, null, 'card')).toEqual({ kind: 'placeholder' });
  });

  it('picks the variant nearest above a width, or the photo at its own size', () => {
    expect(variantForWidth(big, 480)).toBe('w480');
    expect(variantForWidth(big, 500)).toBe('w640');
    expect(variantForWidth(small, 1600)).toBe('w800');
    expect(variantForWidth({ hash: HASH, width: 100, height: 80 }, 480)).toBe('w160');
  });
});

describe('absolutePhotoUrl', () => {
  it("names the stored variant or the platform's file on the site's origin, and never a dealer's address", () => {
    expect(absolutePhotoUrl('https://north.example/', 'https://dealer.example/1.jpg', big, 'og')).toBe(
      `https://north.example/media/photos/${HASH}/og`,
    );
    expect(absolutePhotoUrl('https://north.example', '/media/demo/a.svg', null, 'og')).toBe(
      'https://north.example/media/demo/a.svg',
    );
    expect(absolutePhotoUrl('https://north.example', 'https://dealer.example/1.jpg', null, 'og')).toBeNull();
  });
});

describe('carPhotoAddresses and carPhotos', () => {
  const data = {
    images: [
      { url: 'https://dealer.example/1.jpg', thumb: { url: 'https://dealer.example/1-t.jpg' } },
      { url: '/media/demo/a.svg' },
      null,
      'not an image',
    ],
    primary_image_url: 'https://dealer.example/1.jpg',
    spin_images: ['https://dealer.example/s0.jpg', 'https://dealer.example/s1.jpg', 42],
    spin_interior_image: 'https://dealer.example/pano.jpg',
    video_url: 'https://dealer.example/video.mp4',
  };

  it("lists every dealer photo address a car carries, once, and not the platform's files or its video", () => {
    expect(
      carPhotoAddresses(data)
        .map((address) => address.url)
        .sort(),
    ).toEqual(
      [
        'https://dealer.example/1.jpg',
        'https://dealer.example/1-t.jpg',
        'https://dealer.example/s0.jpg',
        'https://dealer.example/s1.jpg',
        'https://dealer.example/pano.jpg',
      ].sort(),
    );
    expect(carPhotoAddresses({ images: '__proto__', spin_images: { length: 3 } })).toEqual([]);
  });

  it('puts the stored photo beside each field from a lookup', () => {
    const lookup = photoLookupOf([
      { source_url: 'https://dealer.example/1.jpg', ...big },
      { source_url: 'https://dealer.example/s1.jpg', ...small },
    ]);
    expect(carPhotos(data, lookup)).toEqual({
      images: [
        { url: 'https://dealer.example/1.jpg', thumb: { url: 'https://dealer.example/1-t.jpg' }, photo: big },
        { url: '/media/demo/a.svg', thumb: null, photo: null },
      ],
      primary_photo: big,
      spin_photos: [null, small, null],
      spin_interior_photo: null,
    });
    expect(lookup('__proto__')).toBeNull();
    expect(lookup('constructor')).toBeNull();
  });
});
