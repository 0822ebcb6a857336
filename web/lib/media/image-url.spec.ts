import { imageSrcSet, imageUrl, MAP_IMAGE_QUALITY, MAP_IMAGE_WIDTH, mapImageUrl } from './image-url';

describe('image CDN loader', () => {
  it('adds width, quality and crop to a media path, replacing a width already there', () => {
    expect(imageUrl('/media/demo/suv-1.svg?w=320', { width: 640 })).toBe('/media/demo/suv-1.svg?w=640&q=75&fit=crop');
  });
  it('keeps absolute CDN addresses absolute', () => {
    expect(imageUrl('https://cdn.example.com/a.jpg', { width: 480, quality: 60, crop: false })).toBe(
      'https://cdn.example.com/a.jpg?w=480&q=60',
    );
  });
  it('builds a srcset', () => {
    expect(imageSrcSet('/media/a.jpg', [320, 640])).toBe(
      '/media/a.jpg?w=320&q=75&fit=crop 320w, /media/a.jpg?w=640&q=75&fit=crop 640w',
    );
  });
});

describe('mapImageUrl (spec 001 §9: map image width 600, quality 75)', () => {
  it('asks for a 600 wide picture at quality 75', () => {
    const url = new URL(mapImageUrl('/media/locations/kedron.jpg'), 'http://x.invalid');
    expect(url.pathname).toBe('/media/locations/kedron.jpg');
    expect(url.searchParams.get('w')).toBe('600');
    expect(url.searchParams.get('q')).toBe('75');
    expect(MAP_IMAGE_WIDTH).toBe(600);
    expect(MAP_IMAGE_QUALITY).toBe(75);
  });

  it('keeps an absolute CDN address absolute and replaces any quality it carried', () => {
    const url = new URL(mapImageUrl('https://cdn.example.com/map.png?q=100'));
    expect(url.origin).toBe('https://cdn.example.com');
    expect(url.searchParams.getAll('q')).toEqual(['75']);
  });
});
