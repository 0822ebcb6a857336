import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { createImageLoader, renderCarPdf, type ImageLoader, type PrintableCar } from './index';
import { formatPrintDate, normaliseColour, pdfText, svgAspect } from './car-pdf';
import { checkPng } from './png-safety';
import { flatText, parsePdf } from '../../testing/parse-pdf';

// A media directory holding one photo drawn as SVG with a caption, so the test can read that the
// SVG was drawn as vectors (the caption becomes text in the PDF).
const ASSETS = mkdtempSync(path.join(tmpdir(), 'car-pdf-media-'));
const DEMO_SVG = 'captioned.svg';
mkdirSync(path.join(ASSETS, 'demo'));
writeFileSync(
  path.join(ASSETS, 'demo', DEMO_SVG),
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400"><rect width="640" height="400" fill="#dbe7f3"/><text x="20" y="385" font-family="Arial" font-size="14">Demo photo</text></svg>',
);
afterAll(() => rmSync(ASSETS, { recursive: true, force: true }));

// ---------------------------------------------------------------- PNG fixtures, built byte by byte

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of one colour (RGBA when colorType is 6, RGB when 2); idat overrides the compressed pixel data. */
function makePng({
  width = 1,
  height = 1,
  colorType = 6,
  idat,
}: { width?: number; height?: number; colorType?: 2 | 6; idat?: Buffer } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colorType;
  const pixel = colorType === 6 ? [200, 16, 46, 255] : [200, 16, 46];
  const row = Buffer.from([0, ...Array.from({ length: width }, () => pixel).flat()]); // filter byte 0, then pixels
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat ?? deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- the outside world, stubbed

const PNG_URL = 'https://photos.example.com/cars/tiny.png';
const SLOW_URL = 'https://slow.example.com/never-answers.jpg';
const NEVER_LOADED_URL = 'https://photos.example.com/cars/fourth.jpg';

function stubFetch(responses: Record<string, () => Response>) {
  const requested: string[] = [];
  const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    requested.push(url);
    const respond = responses[url];
    if (respond) return Promise.resolve(respond());
    // Anything else hangs like a dead server until the caller aborts.
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')), {
        once: true,
      });
    });
  }) as typeof fetch;
  return { fetchImpl, requested };
}

function loaderFor(responses: Record<string, () => Response> = {}) {
  const stub = stubFetch({
    [PNG_URL]: () => new Response(makePng(), { headers: { 'content-type': 'image/png' } }),
    ...responses,
  });
  return {
    loader: createImageLoader({ mediaDir: ASSETS, fetchTimeoutMs: 150, fetchImpl: stub.fetchImpl }),
    requested: stub.requested,
  };
}

function car(overrides: Partial<PrintableCar> = {}): PrintableCar {
  return {
    slug: '2021-toyota-rav4-gx-u12345',
    title: '2021 Toyota RAV4 GX Auto 2WD',
    subtitle: 'GX MXAA52R Series',
    stocknum: 'U12345',
    vin: 'JTMW1RFV20D012345',
    carType: 'Used',
    priceText: '$38,990 Drive Away',
    wasPriceText: '$41,990',
    specs: [
      { label: 'Kilometres', value: '45,210 km' },
      { label: 'Transmission', value: 'CVT Automatic' },
      { label: 'Fuel', value: 'Petrol - Unleaded 91' },
      { label: 'Body', value: 'SUV' },
      { label: 'Engine', value: '2.0L 4 cyl' },
      { label: 'Colour', value: 'Crystal Pearl' },
    ],
    features: [
      'Apple CarPlay',
      'Android Auto',
      'Reversing Camera',
      'Lane Departure Warning',
      'Adaptive Cruise Control',
    ],
    comments: 'One owner with full Toyota service history. Immaculate condition inside and out.',
    imageUrls: [`/media/demo/${DEMO_SVG}?angle=30`, PNG_URL, SLOW_URL, NEVER_LOADED_URL],
    dealer: {
      name: 'Sunshine Toyota',
      locationName: 'Sunshine Used Cars',
      address: '123 Main Street, Sunshine VIC 3020',
      phone: '03 9000 1234',
    },
    site: {
      name: 'Sunshine Motor Group',
      primaryColour: '#c8102e',
      pageUrl: 'https://www.sunshinemotors.com.au/cars/2021-toyota-rav4-gx-u12345',
    },
    generatedAt: new Date('2025-03-02T14:30:00Z'),
    timeZone: 'Australia/Melbourne',
    ...overrides,
  };
}

const parse = parsePdf;
const flat = flatText;

// ---------------------------------------------------------------- renderCarPdf

describe('renderCarPdf', () => {
  it('prints the car: title, prices, specs, dealer, footer and the photos that load', async () => {
    const { loader, requested } = loaderFor();
    const started = Date.now();
    const pdf = await renderCarPdf(car(), loader);
    const elapsed = Date.now() - started;

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages, info } = await parse(pdf);
    const all = flat(text);
    expect(pages).toBe(1);
    expect(all).toContain('Sunshine Motor Group');
    expect(all).toContain('2021 Toyota RAV4 GX Auto 2WD');
    expect(all).toContain('GX MXAA52R Series');
    expect(all).toContain('USED');
    expect(all).toContain('$38,990 Drive Away');
    expect(all).toContain('$41,990');
    expect(all).toContain('Kilometres');
    expect(all).toContain('45,210 km');
    expect(all).toContain('Crystal Pearl');
    expect(all).toContain('Adaptive Cruise Control');
    expect(all).toContain('Immaculate condition inside and out.');
    expect(all).toContain('Sunshine Toyota');
    expect(all).toContain('Sunshine Used Cars');
    expect(all).toContain('123 Main Street, Sunshine VIC 3020');
    expect(all).toContain('03 9000 1234');
    expect(all).toContain('Stock #U12345');
    expect(all).toContain('VIN JTMW1RFV20D012345');
    expect(all).toContain('https://www.sunshinemotors.com.au/cars/2021-toyota-rav4-gx-u12345');
    // 14:30 UTC on 2 March is already 3 March in Melbourne.
    expect(all).toContain('Generated 3 Mar 2025');

    // The demo SVG is drawn as vectors (its caption is text in the PDF); the PNG is an embedded image.
    expect(all).toContain('Demo photo');
    expect(pdf.includes('/Subtype /Image')).toBe(true);
    // Only the first three photos are fetched; the slow one was given up after its timeout.
    expect(requested).toEqual([PNG_URL, SLOW_URL]);
    expect(elapsed).toBeLessThan(3000);

    expect(info.Title).toBe('2021 Toyota RAV4 GX Auto 2WD');
    expect(info.Author).toBe('Sunshine Motor Group');
  });

  it('still produces the PDF when photos are missing, time out or are not images at all', async () => {
    const { loader } = loaderFor({
      'https://photos.example.com/page.html': () => new Response('<html>not a photo</html>'),
    });
    const pdf = await renderCarPdf(
      car({ imageUrls: ['/media/demo/does-not-exist.svg', SLOW_URL, 'https://photos.example.com/page.html'] }),
      loader,
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await parse(pdf);
    expect(pages).toBe(1);
    expect(flat(text)).toContain('$38,990 Drive Away');
    expect(pdf.includes('/Subtype /Image')).toBe(false);
  });

  it('leaves out a corrupt PNG instead of letting png-js crash the process', async () => {
    // An RGBA PNG (decoded by png-js inside a zlib callback) whose compressed data is garbage.
    const corrupt = makePng({ width: 4, height: 4, idat: Buffer.from('definitely not deflate data') });
    const images: ImageLoader = { load: async (url) => (url === 'corrupt' ? { kind: 'png', data: corrupt } : null) };
    const pdf = await renderCarPdf(car({ imageUrls: ['corrupt'] }), images);
    const { text } = await parse(pdf);
    expect(flat(text)).toContain('2021 Toyota RAV4 GX Auto 2WD');
    expect(pdf.includes('/Subtype /Image')).toBe(false);
  });

  it('survives a loader that throws', async () => {
    const images: ImageLoader = {
      load: async () => {
        throw new Error('boom');
      },
    };
    const pdf = await renderCarPdf(car(), images);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('omits what is absent: subtitle, was-price, VIN, comments, dealer details and photos', async () => {
    const pdf = await renderCarPdf(
      car({
        subtitle: null,
        wasPriceText: null,
        vin: null,
        comments: null,
        imageUrls: [],
        priceText: 'Enquire for price.',
        dealer: { name: 'Sunshine Toyota', locationName: null, address: null, phone: null },
      }),
      loaderFor().loader,
    );
    const { text, pages } = await parse(pdf);
    const all = flat(text);
    expect(pages).toBe(1);
    expect(all).toContain('Enquire for price.');
    expect(all).not.toContain('$41,990');
    expect(all).not.toContain('VIN');
    expect(all).not.toContain('DEALER COMMENTS');
    expect(all).not.toContain('Phone');
    expect(all).toContain('Stock #U12345');
  });

  it('prints the first 12 features and the first 600 characters of the comments, and flows long content onto a second page', async () => {
    const features = Array.from({ length: 20 }, (_, i) => `Feature number ${i + 1}`);
    const comments = `${'Well looked after and serviced on time. '.repeat(15).slice(0, 600)}TAIL-MARKER never printed`;
    const specs = Array.from({ length: 40 }, (_, i) => ({
      label: `Spec label ${i + 1}`,
      value: `Spec value ${i + 1}`,
    }));
    const pdf = await renderCarPdf(
      car({ features, comments, specs, imageUrls: [`/media/demo/${DEMO_SVG}`] }),
      loaderFor().loader,
    );
    const { text, pages, pageTexts } = await parse(pdf);
    const all = flat(text);

    expect(all).toContain('Feature number 12');
    expect(all).not.toContain('Feature number 13');
    expect(all).toContain('Well looked after');
    expect(all).not.toContain('TAIL-MARKER');
    expect(all).toContain('Spec label 40');
    expect(all).toContain('Spec value 40');
    // Two pages, each with the footer inside the page (pdfkit never had to add an overflow page).
    expect(pages).toBe(2);
    pageTexts.forEach((pageText, i) => {
      expect(flat(pageText)).toContain(`Page ${i + 1} of 2`);
      expect(flat(pageText)).toContain('https://www.sunshinemotors.com.au/cars/2021-toyota-rav4-gx-u12345');
    });
  });

  it('keeps absurdly long values bounded: still at most two pages, nothing pushed off the page', async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    const pdf = await renderCarPdf(
      car({
        title: words(300),
        subtitle: words(200),
        priceText: `$${'9'.repeat(300)}`,
        wasPriceText: `$${'8'.repeat(300)}`,
        carType: 'Used '.repeat(100),
        stocknum: 'S'.repeat(500),
        vin: 'V'.repeat(500),
        specs: [{ label: words(200), value: 'x'.repeat(2000) }],
        features: Array.from({ length: 30 }, () => 'f'.repeat(1000)),
        comments: 'c'.repeat(10_000),
        dealer: { name: words(200), locationName: words(200), address: words(300), phone: '0'.repeat(300) },
        site: {
          name: words(100),
          primaryColour: 'javascript:alert(1)',
          pageUrl: `https://example.com/${'p'.repeat(2000)}`,
        },
        timeZone: 'Not/A_Zone',
      }),
      loaderFor().loader,
    );
    const { pages, pageTexts } = await parse(pdf);
    expect(pages).toBeLessThanOrEqual(2);
    pageTexts.forEach((pageText) => expect(pageText).toContain('Stock #SSS'));
  });

  it('drops characters the standard fonts cannot show rather than printing garbage', async () => {
    const pdf = await renderCarPdf(
      car({ title: 'Ranger Wildtrak 😀 – “Sport” ✓ edition', imageUrls: [] }),
      loaderFor().loader,
    );
    const { text, info } = await parse(pdf);
    expect(flat(text)).toContain('Ranger Wildtrak – “Sport” edition');
    // The metadata keeps the title as given (PDF strings there are Unicode).
    expect(info.Title).toBe('Ranger Wildtrak 😀 – “Sport” ✓ edition');
  });
});

// ---------------------------------------------------------------- helpers

describe('print helpers', () => {
  it('formats the date in the given zone, falling back to UTC for an unknown zone', () => {
    const when = new Date('2025-09-02T14:30:00Z');
    expect(formatPrintDate(when, 'Australia/Sydney')).toBe('3 Sep 2025');
    expect(formatPrintDate(when, 'America/Los_Angeles')).toBe('2 Sep 2025');
    expect(formatPrintDate(when, 'Not/A_Zone')).toBe('2 Sep 2025');
    expect(formatPrintDate(new Date(Number.NaN), 'Australia/Sydney')).toBe('');
  });

  it('accepts only hex colours', () => {
    expect(normaliseColour(' #C8102E ')).toBe('#c8102e');
    expect(normaliseColour('#abc')).toBe('#aabbcc');
    expect(normaliseColour('red')).toBe('#1f3a5f');
    expect(normaliseColour('url(javascript:1)')).toBe('#1f3a5f');
  });

  it('reads an SVG aspect from the viewBox, then width and height', () => {
    expect(
      svgAspect('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="10" height="10">'),
    ).toBeCloseTo(400 / 640);
    expect(svgAspect('<svg width="200px" height="100px">')).toBeCloseTo(0.5);
    expect(svgAspect('<svg>')).toBeCloseTo(0.75);
  });

  it('keeps Windows-1252 text and drops the rest', () => {
    expect(pdfText('Café – “quoted” • 5°\tnext\r\nline 🚗 ✓')).toBe('Café – “quoted” • 5° next\nline ');
    expect(pdfText('non\u2011breaking\u2212minus')).toBe('non-breaking-minus');
  });
});

describe('checkPng', () => {
  it('accepts a valid PNG and reports its size', () => {
    expect(checkPng(makePng({ width: 3, height: 2 }))).toEqual({ width: 3, height: 2 });
    expect(checkPng(makePng({ colorType: 2 }))).toEqual({ width: 1, height: 1 });
  });

  it('refuses corrupt compressed data, bad row filters, truncation and decompression bombs', () => {
    expect(checkPng(makePng({ idat: Buffer.from('garbage') }))).toBeNull();
    expect(checkPng(makePng({ idat: deflateSync(Buffer.from([9, 1, 2, 3, 4])) }))).toBeNull(); // filter type 9
    const valid = makePng({ width: 2, height: 2 });
    expect(checkPng(valid.subarray(0, valid.length - 20))).toBeNull();
    // Claims 1x1 but inflates to a megabyte.
    expect(checkPng(makePng({ idat: deflateSync(Buffer.alloc(1024 * 1024)) }))).toBeNull();
    expect(checkPng(Buffer.from('not a png'))).toBeNull();
  });
});
