import { imageAltProblems } from './image-alt';

describe('imageAltProblems', () => {
  it('asks for words for every banner, slide or offer picture without them', () => {
    expect(
      imageAltProblems({
        marketing: {
          banners: [
            { image: '/a.jpg', alt: 'Run-out sale' },
            { image: '/b.jpg', alt: '  ' },
          ],
          offers: [
            {
              id: 1,
              name: 'Service club',
              manufacturer: null,
              model_name: null,
              description: [],
              disclaimer: '',
              image: '/c.jpg',
              image_alt: '',
            },
          ],
        },
      }).map((p) => p.path),
    ).toEqual(['marketing.banners[1].alt', 'marketing.offers[0].image_alt']);
  });

  it('leaves an offer without a picture alone', () => {
    expect(
      imageAltProblems({
        marketing: {
          offers: [
            {
              id: 1,
              name: 'Club',
              manufacturer: null,
              model_name: null,
              description: [],
              disclaimer: '',
              image: null,
              image_alt: '',
            },
          ],
        },
      }),
    ).toEqual([]);
  });
});
