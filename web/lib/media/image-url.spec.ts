import { imageSrcSet, imageUrl } from './image-url';

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
