import fc from 'fast-check';
import { dropNonMediaAddresses, isMediaAddress } from './media-address';

describe('isMediaAddress', () => {
  it.each([
    'https://cdn.example.com/a.jpg',
    'http://cdn.example.com/a.jpg',
    '/media/demo/suv-1.svg',
    'HTTPS://CDN.EXAMPLE.COM/A.JPG',
  ])('accepts %p', (url) => {
    expect(isMediaAddress(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    'ftp://x/y',
    '//evil.example/a.jpg',
    'a.jpg',
    '/media/../secret',
    '/etc/passwd',
    'https://',
    ' javascript:x',
  ])('refuses %p', (url) => {
    expect(isMediaAddress(url)).toBe(false);
  });

  it('refuses every address whose scheme is not http or https', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/), fc.string(), (scheme, rest) => {
        fc.pre(scheme !== 'http' && scheme !== 'https');
        expect(isMediaAddress(`${scheme}:${rest}`)).toBe(false);
      }),
    );
  });
});

describe('dropNonMediaAddresses', () => {
  it('drops bad images, clears bad thumbnails, nulls bad single fields and filters lists, saying where', () => {
    const { car, dropped } = dropNonMediaAddresses({
      images: [
        { url: 'javascript:alert(1)', thumb: { url: 'javascript:alert(1)' } },
        { url: 'https://cdn.example.com/1.jpg', thumb: { url: 'data:image/png;base64,AAAA' } },
        { url: '/media/demo/suv-1.svg', thumb: { url: '/media/demo/suv-1.svg' } },
      ],
      video_url: 'javascript:alert(1)',
      file: 'https://reports.example.com/r.pdf',
      spin_images: ['https://cdn.example.com/s1.jpg', 'data:x'],
    });
    expect(car.images).toEqual([
      { url: 'https://cdn.example.com/1.jpg', thumb: { url: null } },
      { url: '/media/demo/suv-1.svg', thumb: { url: '/media/demo/suv-1.svg' } },
    ]);
    expect(car['video_url']).toBeNull();
    expect(car['file']).toBe('https://reports.example.com/r.pdf');
    expect(car['spin_images']).toEqual(['https://cdn.example.com/s1.jpg']);
    expect(dropped.map((d) => d.path)).toEqual(['images.0', 'images.1.thumb', 'video_url', 'spin_images.1']);
  });
});
