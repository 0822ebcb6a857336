import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { DateTime } from 'luxon';
import type { ImageLoader, LoadedImage } from './image-loader';
import type { PrintableCar } from './printable-car';
import { checkPng } from './png-safety';

/** Printed limits (the web page shows more behind 'Show All'). */
export const PRINT_LIMITS = { photos: 3, features: 12, commentChars: 600 } as const;

const MARGIN = 40;
const HEADER_HEIGHT = 54;
/** Reserved above the bottom margin for the footer, so flowing content never reaches it. */
const FOOTER_HEIGHT = 26;
const GAP = 10;
const PRICE_COLUMN = 190;
const MAIN_PHOTO_MAX_HEIGHT = 172;
const SMALL_PHOTO_MAX_HEIGHT = 92;
const DEFAULT_ASPECT = 3 / 4;
const SPEC_LINES = 3;
const FEATURE_LINES = 3;

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#1a1f24';
const MUTED = '#5b6672';
const RULE = '#d5dbe1';
const ZEBRA = '#f3f5f7';
const FALLBACK_COLOUR = '#1f3a5f';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Doc = PDFKit.PDFDocument;

interface Photo {
  image: LoadedImage;
  /** height / width */
  aspect: number;
  svg?: string;
}

interface Cursor {
  doc: Doc;
  y: number;
  left: number;
  width: number;
}

/**
 * The one- (occasionally two-) page A4 print of a car. Photos that fail to load are left out;
 * the rest of the document does not depend on them. Text is drawn with the standard Helvetica
 * fonts, so characters outside Windows-1252 (emoji and the like) are dropped.
 */
export async function renderCarPdf(car: PrintableCar, images: ImageLoader): Promise<Buffer> {
  // The first three photos, fetched together; a loader that throws or rejects just loses that photo.
  const loaded = await Promise.all(
    car.imageUrls.slice(0, PRINT_LIMITS.photos).map((url) => (async () => images.load(url))().catch(() => null)),
  );

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'en-AU',
    info: {
      Title: car.title,
      Author: car.site.name,
      Subject: `${car.title} (stock ${car.stocknum})`,
      Creator: car.site.name,
    },
  });
  const output = collect(doc);
  try {
    const photos = loaded.map((image) => (image ? prepare(doc, image) : null)).filter((p): p is Photo => p !== null);
    draw(doc, car, photos);
  } finally {
    doc.end();
  }
  return output;
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function draw(doc: Doc, car: PrintableCar, photos: Photo[]): void {
  const width = doc.page.width - 2 * MARGIN;
  const colour = normaliseColour(car.site.primaryColour);
  const cursor: Cursor = { doc, y: drawHeader(doc, car.site.name, colour), left: MARGIN, width };

  drawTitleAndPrice(cursor, car, colour);
  drawPhotos(cursor, photos);
  drawSpecs(cursor, car.specs, colour);
  drawFeatures(cursor, car.features, colour);
  drawComments(cursor, car.comments, colour);
  drawFooters(doc, car);
}

// ---------------------------------------------------------------- layout primitives

function contentBottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom - FOOTER_HEIGHT;
}

/** Starts a new page when the next h points do not fit above the footer. */
function ensureSpace(cursor: Cursor, h: number): void {
  if (cursor.y + h <= contentBottom(cursor.doc)) return;
  cursor.doc.addPage();
  cursor.y = cursor.doc.page.margins.top;
}

function setFont(doc: Doc, font: string, size: number, colour = INK): Doc {
  return doc.font(font).fontSize(size).fillColor(colour);
}

/**
 * Text wrapped in a box of the given width and at most maxLines lines (cut with an ellipsis), so
 * every block has a known, bounded height and pdfkit never breaks a page on its own. Returns the height.
 */
function textBlock(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  maxLines: number,
  options: PDFKit.Mixins.TextOptions = {},
): number {
  const height = measure(doc, text, width, maxLines);
  doc.text(text, x, y, { width, lineGap: 1, height: height + 0.5, ellipsis: true, ...options });
  return height;
}

/** The height textBlock will use, in the current font. */
function measure(doc: Doc, text: string, width: number, maxLines: number): number {
  const lineHeight = doc.currentLineHeight(true) + 1;
  return Math.min(doc.heightOfString(text, { width, lineGap: 1 }), maxLines * lineHeight);
}

/** The text cut (with an ellipsis) to fit one line of the given width in the current font. */
function fitLine(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid).trimEnd()}\u2026`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low).trimEnd()}\u2026`;
}

function sectionHeading(cursor: Cursor, label: string, colour: string, following: number): void {
  const { doc } = cursor;
  ensureSpace(cursor, 19 + following);
  setFont(doc, BOLD, 11, colour).text(label.toUpperCase(), cursor.left, cursor.y, {
    width: cursor.width,
    lineBreak: false,
    characterSpacing: 0.5,
  });
  doc
    .moveTo(cursor.left, cursor.y + 15)
    .lineTo(cursor.left + cursor.width, cursor.y + 15)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  cursor.y += 19;
}

// ---------------------------------------------------------------- sections

function drawHeader(doc: Doc, siteName: string, colour: string): number {
  doc.rect(0, 0, doc.page.width, HEADER_HEIGHT).fill(colour);
  setFont(doc, BOLD, 17, readableOn(colour));
  const name = fitLine(doc, pdfText(siteName), doc.page.width - 2 * MARGIN);
  doc.text(name, MARGIN, (HEADER_HEIGHT - 17) / 2 + 1, { lineBreak: false });
  return HEADER_HEIGHT + 18;
}

/** Title, subtitle and car type on the left; price, was-price and the dealer box on the right. */
function drawTitleAndPrice(cursor: Cursor, car: PrintableCar, colour: string): void {
  const { doc, left } = cursor;
  const textWidth = cursor.width - PRICE_COLUMN - GAP * 2;
  const priceX = left + cursor.width - PRICE_COLUMN;
  const top = cursor.y;

  // Left: title, subtitle and the car-type tag.
  let y = top;
  setFont(doc, BOLD, 20);
  y += textBlock(doc, pdfText(car.title), left, y, textWidth, 3);
  if (car.subtitle?.trim()) {
    setFont(doc, FONT, 11.5, MUTED);
    y += 2 + textBlock(doc, pdfText(car.subtitle), left, y + 2, textWidth, 2);
  }
  const tag = pdfText(car.carType).trim();
  if (tag) {
    setFont(doc, BOLD, 8.5, readableOn(colour));
    const tagText = fitLine(doc, tag.toUpperCase(), textWidth - 12);
    const tagWidth = doc.widthOfString(tagText) + 12;
    y += 6;
    doc.roundedRect(left, y, tagWidth, 15, 3).fill(colour);
    setFont(doc, BOLD, 8.5, readableOn(colour)).text(tagText, left + 6, y + 4, { lineBreak: false });
    y += 15;
  }

  // Right: the price, shrunk to one line where it can be, and the was-price struck through.
  let priceY = top;
  const price = pdfText(car.priceText);
  let size = 24;
  doc.font(BOLD);
  while (size > 13 && doc.fontSize(size).widthOfString(price) > PRICE_COLUMN) size -= 1;
  setFont(doc, BOLD, size, colour);
  priceY += textBlock(doc, price, priceX, priceY, PRICE_COLUMN, 2, { align: 'right' });
  if (car.wasPriceText?.trim()) {
    setFont(doc, FONT, 11, MUTED);
    const was = fitLine(doc, pdfText(car.wasPriceText), PRICE_COLUMN);
    priceY += 3;
    doc.text(was, priceX, priceY, { width: PRICE_COLUMN, align: 'right', lineBreak: false, strike: true });
    priceY += 14;
  }
  priceY += 8;
  priceY += drawDealerBox(doc, car.dealer, priceX, priceY, PRICE_COLUMN, colour);

  cursor.y = Math.max(y, priceY) + 10;
}

function drawPhotos(cursor: Cursor, photos: Photo[]): void {
  const { doc, left, width } = cursor;
  const [main, ...rest] = photos;
  if (!main) return;

  const mainHeight = Math.min(MAIN_PHOTO_MAX_HEIGHT, width * main.aspect);
  ensureSpace(cursor, mainHeight);
  placePhoto(doc, main, left, cursor.y, width, mainHeight);
  cursor.y += mainHeight + 8;

  const small = rest.slice(0, 2);
  if (small.length === 0) return;
  const cellWidth = (width - GAP) / 2;
  const rowHeight = Math.min(SMALL_PHOTO_MAX_HEIGHT, Math.max(...small.map((p) => cellWidth * p.aspect)));
  ensureSpace(cursor, rowHeight);
  small.forEach((photo, i) => placePhoto(doc, photo, left + i * (cellWidth + GAP), cursor.y, cellWidth, rowHeight));
  cursor.y += rowHeight + 12;
}

function drawSpecs(cursor: Cursor, specs: PrintableCar['specs'], colour: string): void {
  const rows = specs.filter((s) => s && (s.label?.trim() || s.value?.trim()));
  if (rows.length === 0) return;
  const { doc, left } = cursor;
  const columnWidth = (cursor.width - GAP) / 2;
  const labelWidth = columnWidth * 0.45;
  const valueWidth = columnWidth - labelWidth - 12;
  const pad = 3;

  const pairs: (typeof rows)[] = [];
  for (let i = 0; i < rows.length; i += 2) pairs.push(rows.slice(i, i + 2));
  const heights = pairs.map(
    (pair) =>
      Math.max(
        ...pair.map((spec) => {
          setFont(doc, FONT, 9);
          const labelHeight = measure(doc, pdfText(spec.label ?? ''), labelWidth, SPEC_LINES);
          setFont(doc, BOLD, 9);
          return Math.max(labelHeight, measure(doc, pdfText(spec.value ?? ''), valueWidth, SPEC_LINES));
        }),
      ) +
      2 * pad,
  );

  sectionHeading(cursor, 'Key information', colour, heights[0]);
  pairs.forEach((pair, row) => {
    ensureSpace(cursor, heights[row]);
    pair.forEach((spec, column) => {
      const x = left + column * (columnWidth + GAP);
      doc.rect(x, cursor.y, columnWidth, heights[row]).fill(row % 2 === 0 ? ZEBRA : '#ffffff');
      setFont(doc, FONT, 9, MUTED);
      textBlock(doc, pdfText(spec.label ?? ''), x + 6, cursor.y + pad, labelWidth, SPEC_LINES);
      setFont(doc, BOLD, 9);
      textBlock(doc, pdfText(spec.value ?? ''), x + 6 + labelWidth + 6, cursor.y + pad, valueWidth, SPEC_LINES);
    });
    cursor.y += heights[row];
  });
  cursor.y += GAP + 2;
}

function drawFeatures(cursor: Cursor, features: string[], colour: string): void {
  const items = features
    .map((f) =>
      pdfText(f ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .slice(0, PRINT_LIMITS.features);
  if (items.length === 0) return;
  const { doc, left } = cursor;
  const columns = 3;
  const columnWidth = (cursor.width - GAP * (columns - 1)) / columns;
  const textWidth = columnWidth - 10;

  setFont(doc, FONT, 9);
  const rows: string[][] = [];
  for (let i = 0; i < items.length; i += columns) rows.push(items.slice(i, i + columns));
  const heights = rows.map((row) => Math.max(...row.map((item) => measure(doc, item, textWidth, FEATURE_LINES))) + 3);

  sectionHeading(cursor, 'Features', colour, heights[0]);
  rows.forEach((row, r) => {
    ensureSpace(cursor, heights[r]);
    row.forEach((item, c) => {
      const x = left + c * (columnWidth + GAP);
      doc.circle(x + 2.5, cursor.y + 5, 1.6).fill(colour);
      setFont(doc, FONT, 9);
      textBlock(doc, item, x + 10, cursor.y, textWidth, FEATURE_LINES);
    });
    cursor.y += heights[r];
  });
  cursor.y += GAP + 2;
}

/** Dealer comments at full width, line by line so a long text may continue on the next page. */
function drawComments(cursor: Cursor, text: string | null, colour: string): void {
  const { doc, left, width } = cursor;
  const comments = truncate(
    pdfText(text ?? '')
      .replace(/[ \t]+/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    PRINT_LIMITS.commentChars,
  );
  if (!comments) return;
  setFont(doc, FONT, 9);
  const lineHeight = doc.currentLineHeight(true) + 1;
  const lines = wrapLines(doc, comments, width);
  sectionHeading(cursor, 'Dealer comments', colour, lineHeight * Math.min(lines.length, 2));
  for (const line of lines) {
    ensureSpace(cursor, lineHeight);
    setFont(doc, FONT, 9);
    if (line) doc.text(line, left, cursor.y, { lineBreak: false });
    cursor.y += lineHeight;
  }
  cursor.y += GAP;
}

/** The dealer box (name, location, address, phone) in the given column; returns its height. */
function drawDealerBox(
  doc: Doc,
  dealer: PrintableCar['dealer'],
  x: number,
  y: number,
  width: number,
  colour: string,
): number {
  const lines: { text: string; font: string; size: number; colour: string; maxLines: number }[] = [];
  const push = (text: string | null | undefined, font: string, size: number, maxLines: number, lineColour = INK) => {
    const clean = pdfText(text ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (clean) lines.push({ text: clean, font, size, colour: lineColour, maxLines });
  };
  push(dealer.name, BOLD, 10.5, 2);
  push(dealer.locationName, FONT, 9, 2, MUTED);
  push(dealer.address, FONT, 9, 3);
  if (dealer.phone?.trim()) push(`Phone ${dealer.phone.trim()}`, BOLD, 10, 2, colour);
  if (lines.length === 0) return 0;

  const pad = 9;
  const innerWidth = width - 2 * pad - 4;
  const heights = lines.map((line) => {
    setFont(doc, line.font, line.size);
    return measure(doc, line.text, innerWidth, line.maxLines) + 2;
  });
  const height = heights.reduce((a, b) => a + b, 0) + 2 * pad - 2;
  doc.roundedRect(x, y, width, height, 4).lineWidth(0.75).fillAndStroke(ZEBRA, RULE);
  doc.rect(x, y + 5, 3, height - 10).fill(colour);
  let lineY = y + pad;
  lines.forEach((line, i) => {
    setFont(doc, line.font, line.size, line.colour);
    textBlock(doc, line.text, x + pad + 4, lineY, innerWidth, line.maxLines);
    lineY += heights[i];
  });
  return height;
}

/** The same footer on every page, inside the area kept free for it. */
function drawFooters(doc: Doc, car: PrintableCar): void {
  const parts = [`Stock #${car.stocknum}`];
  if (car.vin?.trim()) parts.push(`VIN ${car.vin.trim()}`);
  const generated = formatPrintDate(car.generatedAt, car.timeZone);
  if (generated) parts.push(`Generated ${generated}`);
  const details = pdfText(parts.join('   |   '));
  const url = pdfText(car.site.pageUrl);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const width = doc.page.width - 2 * MARGIN;
    const top = contentBottom(doc) + 3;
    doc
      .moveTo(MARGIN, top)
      .lineTo(MARGIN + width, top)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    const pageLabel = range.count > 1 ? `Page ${i - range.start + 1} of ${range.count}` : '';
    setFont(doc, FONT, 8, MUTED);
    const labelWidth = pageLabel ? doc.widthOfString(pageLabel) + GAP : 0;
    doc.text(fitLine(doc, details, width - labelWidth), MARGIN, top + 3, { lineBreak: false });
    if (pageLabel) doc.text(pageLabel, MARGIN + width - labelWidth + GAP, top + 3, { lineBreak: false });
    setFont(doc, FONT, 8, INK);
    const shownUrl = fitLine(doc, url, width);
    doc.text(shownUrl, MARGIN, top + 12.5, {
      lineBreak: false,
      link: /^https?:\/\//i.test(car.site.pageUrl) ? car.site.pageUrl : undefined,
    });
  }
}

// ---------------------------------------------------------------- photos

/** Checks the image can be embedded and measures it; null (photo left out) when it cannot. */
function prepare(doc: Doc, image: LoadedImage): Photo | null {
  try {
    if (image.kind === 'svg') {
      const svg = image.data.toString('utf8');
      return { image, svg, aspect: svgAspect(svg) };
    }
    if (image.kind === 'png' && !checkPng(image.data)) return null;
    // openImage is public in pdfkit but missing from @types/pdfkit.
    const opener = doc as unknown as {
      openImage(src: Buffer): { width: number; height: number; orientation?: number; colorSpace?: string };
    };
    const opened = opener.openImage(image.data);
    const rotated = (opened.orientation ?? 1) > 4;
    const w = rotated ? opened.height : opened.width;
    const h = rotated ? opened.width : opened.height;
    if (!(w > 0 && h > 0)) return null;
    if (image.kind === 'jpeg' && !opened.colorSpace) return null;
    return { image, aspect: h / w };
  } catch {
    return null;
  }
}

/** Fits the photo inside the box, centred, keeping its aspect. Nothing is drawn outside the box. */
function placePhoto(doc: Doc, photo: Photo, x: number, y: number, width: number, height: number): void {
  doc.save();
  doc.rect(x, y, width, height).clip();
  try {
    if (photo.svg !== undefined) {
      SVGtoPDF(doc, photo.svg, x, y, {
        width,
        height,
        assumePt: true,
        preserveAspectRatio: 'xMidYMid meet',
        warningCallback: () => undefined,
        // An SVG may not pull in files or other images: <image> elements are left out.
        imageCallback: () => new Uint8Array(0),
      });
    } else {
      doc.image(photo.image.data, x, y, { fit: [width, height], align: 'center', valign: 'center' });
    }
  } catch {
    // A photo that cannot be drawn leaves its space empty rather than failing the print.
  } finally {
    doc.restore();
  }
}

/** height / width from the root element's viewBox, else its width and height; 3:4 when neither says. */
export function svgAspect(svg: string): number {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const viewBox = /\bviewBox\s*=\s*["']([^"']+)["']/i.exec(root)?.[1];
  if (viewBox) {
    const parts = viewBox
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (parts.length === 4 && parts[2] > 0 && parts[3] > 0) return clampAspect(parts[3] / parts[2]);
  }
  const width = Number.parseFloat(/\bwidth\s*=\s*["']\s*([\d.]+)(px)?\s*["']/i.exec(root)?.[1] ?? '');
  const height = Number.parseFloat(/\bheight\s*=\s*["']\s*([\d.]+)(px)?\s*["']/i.exec(root)?.[1] ?? '');
  return width > 0 && height > 0 ? clampAspect(height / width) : DEFAULT_ASPECT;
}

function clampAspect(aspect: number): number {
  return Math.min(4, Math.max(0.1, aspect));
}

// ---------------------------------------------------------------- text helpers

const WIN_ANSI_EXTRAS = new Set(
  '\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178',
);
const SUBSTITUTES: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u00ad': '',
};

/**
 * Text the standard PDF fonts can show (Windows-1252): line breaks kept, tabs and other spaces
 * made plain spaces, a few look-alikes substituted, anything else (emoji, CJK) dropped.
 */
export function pdfText(input: string): string {
  let out = '';
  for (const ch of input.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += ch;
    else if (ch in SUBSTITUTES) out += SUBSTITUTES[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch)) out += ch;
    else if (/\s/u.test(ch)) out += ' ';
  }
  return out.replace(/ {2,}/g, ' ');
}

/** Greedy word wrap in the current font; explicit line breaks are kept and over-long words are split. */
function wrapLines(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (doc.widthOfString(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (line.length > 1 && doc.widthOfString(line) > width) {
        // The longest head that fits (at least one character), found by bisection.
        let low = 1;
        let high = line.length - 1;
        while (low < high) {
          const mid = Math.ceil((low + high) / 2);
          if (doc.widthOfString(line.slice(0, mid)) <= width) low = mid;
          else high = mid - 1;
        }
        lines.push(line.slice(0, low));
        line = line.slice(low);
      }
    }
    lines.push(line);
  }
  return lines;
}

function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}\u2026`;
}

/** 'd MMM yyyy' in the zone (UTC when the zone is unknown), with fixed English month names; '' for an invalid date. */
export function formatPrintDate(date: Date, timeZone: string): string {
  let local = DateTime.fromJSDate(date, { zone: timeZone });
  if (!local.isValid) local = DateTime.fromJSDate(date, { zone: 'utc' });
  if (!local.isValid) return '';
  return `${local.day} ${MONTHS[local.month - 1]} ${local.year}`;
}

// ---------------------------------------------------------------- colour

/** '#abc' or '#aabbcc' (case-insensitive, trimmed) as '#aabbcc'; anything else falls back to a neutral navy. */
export function normaliseColour(input: string): string {
  const value = (input ?? '').trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join('')}`;
  return FALLBACK_COLOUR;
}

/** White or near-black, whichever contrasts more with the background. */
function readableOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  const againstWhite = 1.05 / (luminance + 0.05);
  const againstBlack = (luminance + 0.05) / 0.05;
  return againstWhite >= againstBlack ? '#ffffff' : '#111111';
}
