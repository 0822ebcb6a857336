import {
  frameAngle,
  galleryModes,
  hotspotsAt,
  PRIORITY_IMAGE_COUNT,
  showThumbnails,
  spinFrameAfterDrag,
  SPIN_AUTOROTATE_MS,
  SPIN_SENSITIVITY_PX,
  videoSlide,
  wrapIndex,
} from './vehicle-media';

describe('showThumbnails (spec 000 §4: in stock and more than 3 images)', () => {
  it.each([
    ['in_stock', 4, true],
    ['in_stock', 3, false],
    ['in_stock', 12, true],
    ['coming_soon', 5, false],
    ['sold', 8, false],
    [null, 8, false],
  ] as const)('%p with %p images -> %p', (status, count, shown) => {
    expect(showThumbnails({ status }, count)).toBe(shown);
  });
});

describe('constants of spec 000 §9', () => {
  it('spin sensitivity 20 px, autorotate 100 ms, 2 priority images', () => {
    expect([SPIN_SENSITIVITY_PX, SPIN_AUTOROTATE_MS, PRIORITY_IMAGE_COUNT]).toEqual([20, 100, 2]);
  });
});

describe('wrapIndex', () => {
  it.each([
    [0, 1, 5, 1],
    [4, 1, 5, 0],
    [0, -1, 5, 4],
    [2, -7, 5, 0],
    [0, 1, 0, 0],
  ])('%p + %p of %p -> %p', (index, step, count, next) => {
    expect(wrapIndex(index, step, count)).toBe(next);
  });
});

describe('videoSlide (spec 000 §5)', () => {
  it.each([
    ['https://www.youtube.com/embed/abcdefghijk', { kind: 'embed', src: 'https://www.youtube.com/embed/abcdefghijk' }],
    [
      'https://www.youtube-nocookie.com/embed/abc',
      { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/abc' },
    ],
    ['https://player.vimeo.com/video/12345', { kind: 'embed', src: 'https://player.vimeo.com/video/12345' }],
    ['https://www.youtube.com/watch?v=abc', { kind: 'file', src: 'https://www.youtube.com/watch?v=abc' }],
    ['https://cdn.example.com/walkaround.mp4', { kind: 'file', src: 'https://cdn.example.com/walkaround.mp4' }],
    ['/media/videos/car.mp4', { kind: 'file', src: '/media/videos/car.mp4' }],
    ['javascript:alert(1)', null],
    ['  ', null],
    [null, null],
  ])('%p', (url, slide) => {
    expect(videoSlide(url)).toEqual(slide);
  });
});

describe('galleryModes', () => {
  it('offers the spinner and interior only when the car has them', () => {
    expect(galleryModes({}, 'gallery')).toEqual({ modes: ['gallery'], initial: 'gallery' });
    expect(galleryModes({ spin_images: ['a', 'b'], spin_interior_image: 'i' }, 'spinner')).toEqual({
      modes: ['gallery', 'spinner', 'interior'],
      initial: 'spinner',
    });
  });

  it('falls back to the gallery when the configured mode is missing', () => {
    expect(galleryModes({ spin_interior_image: 'i' }, 'spinner')).toEqual({
      modes: ['gallery', 'interior'],
      initial: 'gallery',
    });
  });

  it('counts an external spin viewer only where configured', () => {
    expect(galleryModes({ spin_code: 'x' }, 'spinner').modes).toEqual(['gallery']);
    expect(galleryModes({ spin_code: 'x' }, 'spinner', true).modes).toEqual(['gallery', 'spinner']);
  });
});

describe('spinFrameAfterDrag (20 px per frame)', () => {
  it.each([
    [0, 19, 36, 0],
    [0, 20, 36, 35],
    [0, -20, 36, 1],
    [10, -65, 36, 13],
    [0, 40 * 36, 36, 0],
  ])('from %p dragging %p px of %p frames -> %p', (start, dx, frames, frame) => {
    expect(spinFrameAfterDrag(start, dx, frames)).toBe(frame);
  });

  it('frame angles spread evenly', () => {
    expect(frameAngle(9, 36)).toBe(90);
  });
});

describe('hotspotsAt', () => {
  const hotspots = [
    {
      id: 1,
      description: 'Tow bar',
      positions: [
        { activeAngle: 0, posX: 20, posY: 50 },
        { activeAngle: 180, posX: 70, posY: 40 },
      ],
    },
    { id: 'b', description: null, positions: [{ activeAngle: 90, posX: 50, posY: 50 }] },
  ];

  it('places each hotspot at its position for the angle', () => {
    expect(hotspotsAt(hotspots, 0, 10)).toEqual([{ id: '1', description: 'Tow bar', x: 20, y: 50 }]);
    expect(hotspotsAt(hotspots, 180, 10)).toEqual([{ id: '1', description: 'Tow bar', x: 70, y: 40 }]);
    expect(hotspotsAt(hotspots, 92, 10)).toEqual([{ id: 'b', description: '', x: 50, y: 50 }]);
  });

  it('wraps round 360 and hides hotspots away from the angle', () => {
    expect(hotspotsAt(hotspots, 357, 10)).toHaveLength(1);
    expect(hotspotsAt(hotspots, 45, 10)).toEqual([]);
    expect(hotspotsAt(null, 0, 10)).toEqual([]);
  });
});
