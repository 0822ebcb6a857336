import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { certifiedBadgePath, PLATFORM_DEFAULTS } from '@platform/domain';
import { DEMO_BODY_TYPES, DEMO_CATALOGUE, type DemoBodyType, type DemoCatalogue } from './data';
import { DEMO_IMAGES_PER_BODY, DEMO_INTERIOR_IMAGE } from './generate-cars';

/**
 * Absolute path of libs/seed/assets (logos and demo car images). Both src/ and dist/ sit one
 * level below the library root, so this holds for the sources under jest and the build alike.
 * The API serves /media/logos/* and /media/demo/* from here.
 */
export const DEMO_ASSETS_DIR = resolve(__dirname, '..', 'assets');

const escapeXml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Side-view silhouettes on a 640 x 400 canvas, front to the right, wheels on y = 300. */
const SILHOUETTES: Record<DemoBodyType, { path: string; wheels: [number, number]; radius: number; windows: string }> = {
  sedan: {
    path: 'M90 290V240Q95 220 130 215L210 205L260 160Q280 150 320 150H400Q430 152 455 180L480 205L540 215Q560 220 560 245V290Z',
    windows: 'M232 205L270 167Q282 160 320 160H345V205ZM355 205V160H398Q422 163 442 185L458 205Z',
    wheels: [180, 470],
    radius: 34,
  },
  hatch: {
    path: 'M120 290V220Q122 200 140 190L175 150Q190 140 230 140H380Q410 142 435 180L460 205L515 215Q535 220 535 245V290Z',
    windows: 'M160 195L190 158Q198 150 230 150H300V195ZM310 195V150H378Q402 153 420 180L435 195Z',
    wheels: [195, 455],
    radius: 34,
  },
  suv: {
    path: 'M90 290V220Q92 200 120 195L180 190L225 135Q235 125 260 125H470Q495 125 505 150L530 195Q560 200 560 225V290Z',
    windows: 'M200 190L236 145Q244 137 262 137H345V190ZM355 190V137H465Q486 138 494 158L508 190Z',
    wheels: [180, 470],
    radius: 38,
  },
  wagon: {
    path: 'M90 290V235Q95 215 125 210L200 200L250 150Q265 142 300 142H500Q520 147 530 175L545 215Q555 225 555 245V290Z',
    windows: 'M222 200L258 160Q268 152 300 152H380V200ZM390 200V152H495Q512 156 520 178L530 200Z',
    wheels: [180, 470],
    radius: 34,
  },
  ute: {
    path: 'M80 290V215H300V150Q305 135 330 135H430Q455 137 470 165L490 205Q555 210 560 235V290Z',
    windows: 'M315 200V152Q318 145 332 145H385V200ZM395 200V145H428Q446 147 458 170L472 200Z',
    wheels: [170, 470],
    radius: 36,
  },
  cabChassis: {
    path: 'M60 245V222H280V200H300V150Q305 135 330 135H430Q455 137 470 165L490 205Q555 210 560 235V290H120V245Z',
    windows: 'M315 200V152Q318 145 332 145H385V200ZM395 200V145H428Q446 147 458 170L472 200Z',
    wheels: [170, 470],
    radius: 36,
  },
  van: {
    path: 'M80 290V140Q82 115 110 112H450Q480 115 500 160L535 210Q560 218 560 240V290Z',
    windows: 'M395 200V125H450Q472 128 488 162L508 200Z',
    wheels: [175, 465],
    radius: 36,
  },
  peopleMover: {
    path: 'M85 290V170Q90 140 125 135L440 130Q470 132 495 170L530 205Q560 212 560 240V290Z',
    windows: 'M110 190V160Q113 148 130 146H250V190ZM260 190V145H380V190ZM390 190V144H440Q462 146 478 172L490 190Z',
    wheels: [180, 465],
    radius: 36,
  },
  coupe: {
    path: 'M90 290V250Q95 232 130 228L230 215L290 170Q305 162 340 162H390Q420 170 460 205L540 222Q560 228 560 250V290Z',
    windows: 'M258 213L298 180Q310 172 340 172H388Q410 178 438 208Z',
    wheels: [180, 470],
    radius: 33,
  },
  convertible: {
    path: 'M90 290V245Q95 230 130 228L330 225L360 185L372 188L350 226L540 228Q560 232 560 252V290Z',
    windows: 'M200 226Q210 205 240 205Q268 205 275 226Z',
    wheels: [180, 470],
    radius: 33,
  },
  motorhome: {
    path: 'M40 290V120Q42 100 65 98H470Q495 100 500 125V170L540 175Q560 180 565 215L575 240V290Z',
    windows: 'M90 170V130H200V170ZM250 160V130H380V160ZM505 215V182L535 186Q548 190 552 215Z',
    wheels: [150, 480],
    radius: 36,
  },
};

/** Backgrounds and body colours for the six photos of each body type. */
const PALETTES: ReadonlyArray<readonly [sky: string, ground: string, body: string]> = [
  ['#dbe7f3', '#9fb3c8', '#1f3a5f'],
  ['#f4e8d8', '#c9b79c', '#8c2f1f'],
  ['#e3f0e1', '#a9c5a0', '#2f4f3a'],
  ['#ece6f5', '#b7abc9', '#3d3553'],
  ['#fdf1cf', '#d8c27a', '#3a3a3a'],
  ['#e0f4f4', '#93c6c6', '#0f4c5c'],
];

/** A demo car photo: a silhouette of the body type; even photos face the other way. */
export function renderVehicleSvg(body: DemoBodyType, n: number): string {
  const shape = SILHOUETTES[body];
  const [sky, ground, paint] = PALETTES[(n - 1) % PALETTES.length];
  const flip = n % 2 === 0 ? ' transform="matrix(-1 0 0 1 640 0)"' : '';
  const wheels = shape.wheels
    .map(
      (x) =>
        `<circle cx="${x}" cy="300" r="${shape.radius}" fill="#1b1b1b"/><circle cx="${x}" cy="300" r="${Math.round(shape.radius * 0.45)}" fill="#c8ccd0"/>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400">` +
    `<rect width="640" height="400" fill="${sky}"/><rect y="300" width="640" height="100" fill="${ground}"/>` +
    `<g${flip}><ellipse cx="320" cy="336" rx="270" ry="10" fill="#000" opacity=".15"/>` +
    `<path d="${shape.path}" fill="${paint}"/><path d="${shape.windows}" fill="#e9f1f7" opacity=".85"/>${wheels}</g>` +
    `</svg>\n`
  );
}

/** The demo interior view (DEMO_INTERIOR_IMAGE): a wide cabin (dashboard, wheel, seats) for the gallery's Interior mode. */
export function renderInteriorSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 400" width="1280" height="400">` +
    `<rect width="1280" height="400" fill="#2b2f36"/><rect y="40" width="1280" height="150" fill="#9fb7c9"/>` +
    `<path d="M0 190 Q640 120 1280 190 L1280 260 L0 260 Z" fill="#1c1f24"/>` +
    `<circle cx="420" cy="270" r="95" fill="none" stroke="#111" stroke-width="22"/><circle cx="420" cy="270" r="22" fill="#111"/>` +
    `<rect x="580" y="200" width="160" height="70" rx="8" fill="#0d1b2a"/><rect x="592" y="212" width="136" height="46" rx="4" fill="#3a6ea5"/>` +
    `<path d="M120 400 L160 290 Q200 260 260 290 L300 400 Z" fill="#4a4036"/>` +
    `<path d="M980 400 L1020 290 Q1060 260 1120 290 L1160 400 Z" fill="#4a4036"/>` +
    `</svg>\n`
  );
}

/** A site's wordmark in its theme colours. */
export function renderWordmarkSvg(wordmark: string, strapline: string, primary: string, secondary: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 80" width="320" height="80" role="img" aria-label="${escapeXml(`${wordmark} ${strapline}`)}">` +
    `<rect x="0" y="10" width="60" height="60" rx="8" fill="${primary}"/>` +
    `<text x="30" y="52" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="32" font-weight="700" fill="#ffffff">${escapeXml(wordmark.charAt(0))}</text>` +
    `<text x="72" y="44" font-family="Arial,Helvetica,sans-serif" font-size="30" font-weight="700" letter-spacing="1" fill="${primary}">${escapeXml(wordmark)}</text>` +
    `<text x="73" y="66" font-family="Arial,Helvetica,sans-serif" font-size="14" letter-spacing="4" fill="${secondary}">${escapeXml(strapline)}</text>` +
    `</svg>\n`
  );
}

/** A brand's logo: a coloured tile with its name. */
export function renderBrandTileSvg(name: string, background: string, text: string): string {
  const size = name.length > 10 ? 20 : name.length > 6 ? 26 : 34;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 120" width="200" height="120" role="img" aria-label="${escapeXml(name)}">` +
    `<rect width="200" height="120" rx="12" fill="${background}"/>` +
    `<text x="100" y="60" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" fill="${text}">${escapeXml(name)}</text>` +
    `</svg>\n`
  );
}

/** A make's certified pre-owned badge: a seal in the brand's colours with the make's name. */
export function renderCertifiedBadgeSvg(make: string, background: string, text: string): string {
  const size = make.length > 10 ? 13 : 16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 48" width="200" height="48" role="img" aria-label="${escapeXml(`${make} Certified Pre-Owned`)}">` +
    `<rect x="1" y="1" width="198" height="46" rx="6" fill="#ffffff" stroke="${background}" stroke-width="2"/>` +
    `<circle cx="24" cy="24" r="16" fill="${background}"/>` +
    `<path d="M16 24l6 6 11-12" fill="none" stroke="${text}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text x="48" y="22" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" fill="#1a1a1a">${escapeXml(make)}</text>` +
    `<text x="48" y="38" font-family="Arial,Helvetica,sans-serif" font-size="10" font-weight="700" letter-spacing="0.5" fill="#1a1a1a">CERTIFIED PRE-OWNED</text>` +
    `</svg>\n`
  );
}

/** Every committed asset, keyed by its path below DEMO_ASSETS_DIR. */
export function renderDemoAssets(catalogue: DemoCatalogue = DEMO_CATALOGUE): Map<string, string> {
  const files = new Map<string, string>();
  for (const body of DEMO_BODY_TYPES) {
    for (let n = 1; n <= DEMO_IMAGES_PER_BODY; n++) files.set(`demo/${body}-${n}.svg`, renderVehicleSvg(body, n));
  }
  files.set(DEMO_INTERIOR_IMAGE, renderInteriorSvg());
  for (const site of catalogue.sites) {
    const primary = site.config.theme?.primary_colour ?? PLATFORM_DEFAULTS.theme.primary_colour;
    const secondary = site.config.theme?.secondary_colour ?? PLATFORM_DEFAULTS.theme.secondary_colour;
    files.set(`logos/${site.slug}.svg`, renderWordmarkSvg(site.logo.wordmark, site.logo.strapline, primary, secondary));
  }
  for (const manufacturer of catalogue.manufacturers) {
    files.set(
      `logos/brands/${manufacturer.slug}.svg`,
      renderBrandTileSvg(manufacturer.name, manufacturer.tile.background, manufacturer.tile.text),
    );
    files.set(
      certifiedBadgePath(manufacturer.make).replace(/^\/media\//, ''),
      renderCertifiedBadgeSvg(manufacturer.make, manufacturer.tile.background, manufacturer.tile.text),
    );
  }
  return files;
}

/** Writes the assets under `dir` (default DEMO_ASSETS_DIR); returns how many files were written. */
export function writeDemoAssets(dir: string = DEMO_ASSETS_DIR, catalogue: DemoCatalogue = DEMO_CATALOGUE): number {
  const files = renderDemoAssets(catalogue);
  for (const [relative, content] of files) {
    const target = join(dir, relative);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return files.size;
}

// `node libs/seed/dist/demo-assets.js [dir]` regenerates the committed SVGs after a catalogue change.
if (require.main === module) {
  const dir = process.argv[2] ? resolve(process.argv[2]) : resolve(__dirname, '..', 'assets');
  const written = writeDemoAssets(dir);
  process.stdout.write(`wrote ${written} SVG files under ${dir}\n`);
}
