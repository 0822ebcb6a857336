import fc from 'fast-check';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderVehicleSvg } from './demo-assets';
import { startPhotoHost } from './demo-photo-host';
import { demoPhotoNames, renderDemoPhoto } from './demo-photos';

describe('demo photos: camera-weight JPEGs, the same bytes for the same name', () => {
  it('renders a 2000 x 1250 JPEG of a real photo weight, identical for the same seed and not for another', async () => {
    const svg = renderVehicleSvg('sedan', 1);
    const first = await renderDemoPhoto(svg, 42);
    const again = await renderDemoPhoto(svg, 42);
    const other = await renderDemoPhoto(svg, 43);
    expect(first.equals(again)).toBe(true);
    expect(first.equals(other)).toBe(false);
    const meta = await sharp(first).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2000, height: 1250 });
    expect(first.length).toBeGreaterThan(300_000);
    expect(first.length).toBeLessThan(1_500_000);
  });

  it('names one photo per demo illustration', () => {
    const names = demoPhotoNames();
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z]+-\d+\.jpg$/);
  });
});

describe('the demo photo host: a plain web host with validators', () => {
  const dir = mkdtempSync(join(tmpdir(), 'photo-host-'));
  writeFileSync(join(dir, 'car-1.jpg'), Buffer.from('not really a jpeg, but bytes'));
  let host: Awaited<ReturnType<typeof startPhotoHost>>;

  beforeAll(async () => {
    host = await startPhotoHost({ dir });
  });
  afterAll(async () => {
    await host.close();
  });

  it('sends a photo with a strong ETag, then 304 to a request that still holds it', async () => {
    const first = await fetch(`${host.url}/photos/car-1.jpg`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get('last-modified')).toBeTruthy();
    const second = await fetch(`${host.url}/photos/car-1.jpg`, { headers: { 'if-none-match': etag ?? '' } });
    expect(second.status).toBe(304);
    expect(host.counts).toMatchObject({ sent: 1, notModified: 1 });
  });

  it('serves nothing but a file of its folder, whatever the path', async () => {
    const files = new Set(readdirSync(dir));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom('../package.json', '..%2f..%2fetc%2fpasswd', '%00', 'car-1.jpg/..', '.', '..'),
        ),
        async (name) => {
          const response = await fetch(`${host.url}/photos/${name}`).catch(() => null);
          if (!response) return;
          if (response.status === 200) expect(files.has(name)).toBe(true);
          else expect(response.status).toBe(404);
        },
      ),
      { numRuns: 80 },
    );
  });
});
