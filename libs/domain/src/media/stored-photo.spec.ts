import fc from 'fast-check';
import { carPhotoAddresses } from './photo-addresses';
import { photoSrcSet } from './photo-variants';
import {
  absolutePhotoUrl,
  carPhotos,
  drawPhoto,
  photoLookupOf,
  PHOTO_PLACEHOLDER,
  publicPhotoAddress,
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

  it('gives every field its public address, with the stored photo beside it and a placeholder for one not stored', () => {
    const lookup = photoLookupOf([
      { source_url: 'https://dealer.example/1.jpg', ...big },
      { source_url: 'https://dealer.example/s1.jpg', ...small },
    ]);
    expect(carPhotos(data, lookup)).toEqual({
      images: [
        // The thumb's own address is not stored yet: a placeholder, never the dealer's.
        { url: `/media/photos/${HASH}/w800`, thumb: { url: PHOTO_PLACEHOLDER }, photo: big },
        { url: '/media/demo/a.svg', thumb: null, photo: null },
      ],
      thumbnails: [],
      primary_image_url: `/media/photos/${HASH}/w800`,
      primary_photo: big,
      spin_images: [PHOTO_PLACEHOLDER, `/media/photos/${HASH}/w800`],
      spin_photos: [null, small],
      spin_interior_image: PHOTO_PLACEHOLDER,
      spin_interior_photo: null,
      photos_count: 2,
    });
    expect(lookup('__proto__')).toBeNull();
    expect(lookup('constructor')).toBeNull();
  });
});

describe('refused and unreachable photos (issue 54)', () => {
  const REFUSED = 'https://dealer.example/refused.jpg';
  const GONE = 'https://dealer.example/404.jpg';
  const STORED = 'https://dealer.example/stored.jpg';
  const PENDING = 'https://dealer.example/pending.jpg';
  const lookup = photoLookupOf([{ source_url: STORED, ...big }], [REFUSED, GONE]);
  const car = {
    images: [{ url: REFUSED }, { url: STORED, thumb: { url: GONE } }, { url: PENDING }, { url: GONE }],
    thumbnails: [REFUSED, STORED, PENDING],
    primary_image_url: REFUSED,
    spin_images: [GONE, STORED],
    spin_interior_image: REFUSED,
    photos_count: 4,
  };

  it('leave the gallery, every other list and the photo count; a photo not fetched yet stays as a placeholder', () => {
    const photos = carPhotos(car, lookup);
    expect(photos.images).toEqual([
      { url: `/media/photos/${HASH}/w800`, thumb: { url: null }, photo: big },
      { url: PHOTO_PLACEHOLDER, thumb: null, photo: null },
    ]);
    expect(photos.photos_count).toBe(2);
    expect(photos.thumbnails).toEqual([`/media/photos/${HASH}/w160`, PHOTO_PLACEHOLDER]);
    // The primary image was refused: the first photo kept stands for the car.
    expect(photos.primary_image_url).toBe(`/media/photos/${HASH}/w800`);
    expect(photos.primary_photo).toEqual(big);
    expect(photos.spin_images).toEqual([`/media/photos/${HASH}/w800`]);
    expect(photos.spin_photos).toEqual([big]);
    expect(photos.spin_interior_image).toBeNull();
  });

  it('come back once stored', () => {
    const later = photoLookupOf([
      { source_url: STORED, ...big },
      { source_url: REFUSED, ...small },
    ]);
    const photos = carPhotos(car, later);
    expect(photos.images.map((image) => image.photo)).toEqual([small, big, null, null]);
    expect(photos.photos_count).toBe(4);
    // A stored row wins over a refusal of the same address (never both, but the lookup says so).
    expect(photoLookupOf([{ source_url: REFUSED, ...small }], [REFUSED]).dropped(REFUSED)).toBe(false);
  });

  it("count from the feed's figure, else the images it sent, never below zero", () => {
    expect(carPhotos({ ...car, photos_count: undefined }, lookup).photos_count).toBe(2);
    expect(carPhotos({ ...car, photos_count: 20 }, lookup).photos_count).toBe(18);
    expect(carPhotos({ ...car, photos_count: 1 }, lookup).photos_count).toBe(0);
    expect(carPhotos({}, lookup)).toMatchObject({ images: [], photos_count: 0, primary_image_url: null });
  });

  it("never hand on a dealer's address, whatever each address's state", () => {
    const dealerUrl = fc.webUrl().filter((url) => url.startsWith('http'));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(dealerUrl, fc.constantFrom('stored', 'pending', 'refused') as fc.Arbitrary<string>), {
          maxLength: 6,
        }),
        (addresses) => {
          const stored = addresses
            .filter(([, state]) => state === 'stored')
            .map(([url]) => ({ source_url: url, ...big }));
          const dropped = addresses.filter(([, state]) => state === 'refused').map(([url]) => url);
          const urls = addresses.map(([url]) => url);
          const answer = JSON.stringify(
            carPhotos(
              {
                images: urls.map((url) => ({ url, thumb: { url } })),
                thumbnails: urls,
                primary_image_url: urls[0],
                spin_images: urls,
                spin_interior_image: urls[0],
              },
              photoLookupOf(stored, dropped),
            ),
          );
          for (const url of urls) expect(answer).not.toContain(JSON.stringify(url).slice(1, -1));
        },
      ),
    );
    for (const hostile of ['javascript:alert(1)', '/media//dealer.example/x.jpg', '//dealer.example/x.jpg'])
      expect(publicPhotoAddress(hostile, lookup, 800)).toBeNull();
  });
});
