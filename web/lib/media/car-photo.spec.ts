import { carPhotoAttributes } from './car-photo';

const HASH = 'e'.repeat(64);
const stored = { hash: HASH, width: 2000, height: 1500 };

describe('carPhotoAttributes: every image request names its width, quality and crop (spec 000 §7)', () => {
  it('asks for a stored photo in the look of its place', () => {
    const card = carPhotoAttributes('https://dealer.example/1.jpg', stored, 'card');
    expect(card?.src).toBe(`/media/photos/${HASH}/w480?q=75&crop=4x3`);
    for (const entry of card?.srcSet.split(', ') ?? []) expect(entry).toMatch(/\?q=75&crop=4x3 \d+w$/);
    expect(carPhotoAttributes('https://dealer.example/1.jpg', stored, 'gallery')?.src).toBe(
      `/media/photos/${HASH}/w800?q=75&crop=none`,
    );
    expect(carPhotoAttributes('https://dealer.example/1.jpg', stored, 'fullScreen')?.src).toBe(
      `/media/photos/${HASH}/w1600?q=90&crop=none`,
    );
    expect(carPhotoAttributes('https://dealer.example/1.jpg', stored, 'thumbnail')?.src).toBe(
      `/media/photos/${HASH}/w160?q=60&crop=4x3`,
    );
  });

  it("asks for the platform's own files with the same quality and crop in its src and every srcset entry", () => {
    const gallery = carPhotoAttributes('/media/demo/ute-1.svg', null, 'gallery');
    for (const address of [gallery?.src, ...(gallery?.srcSet.split(', ') ?? [])]) {
      expect(address).toContain('q=75');
      expect(address).not.toContain('fit=crop');
    }
    const card = carPhotoAttributes('/media/demo/ute-1.svg', null, 'card');
    for (const address of [card?.src, ...(card?.srcSet.split(', ') ?? [])]) expect(address).toContain('fit=crop');
    expect(carPhotoAttributes('/media/demo/ute-1.svg', null, 'fullScreen')?.src).toContain('q=90');
  });

  it('draws nothing from a dealer address the platform has not stored', () => {
    expect(carPhotoAttributes('https://dealer.example/1.jpg', null, 'card')).toBeNull();
  });
});
