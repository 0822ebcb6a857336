import { spawn } from 'node:child_process';

/**
 * Text, page count and metadata of a PDF, read with pdf-parse in a child Node process.
 * pdf-parse (pdf.js) starts its Node 'fake worker' with a dynamic import() of pdf.worker.mjs, which
 * Jest's CommonJS runtime refuses on Node 20 (no --experimental-vm-modules; Jest intercepts
 * createRequire too), so the parse runs where Node loads ES modules itself.
 */
export interface ParsedPdf {
  text: string;
  pages: number;
  pageTexts: string[];
  info: Record<string, unknown>;
}

const PDF_PARSE = require.resolve('pdf-parse');
const PARSE_SCRIPT = `
const { PDFParse } = require(process.argv[1]);
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo();
    process.stdout.write(JSON.stringify({ text: text.text, pages: text.total, pageTexts: text.pages.map((p) => p.text), info: info.info }));
  } finally {
    await parser.destroy();
  }
});
`;

export function parsePdf(pdf: Buffer): Promise<ParsedPdf> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', PARSE_SCRIPT, PDF_PARSE], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as ParsedPdf) : reject(new Error(`pdf-parse exited ${code}: ${err}`)),
    );
    child.stdin.end(pdf);
  });
}

/** Extracted text with runs of white space made single spaces, so wrapped lines still match. */
export const flatText = (text: string): string => text.replace(/\s+/g, ' ');
