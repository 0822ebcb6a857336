import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root (this file is docs/check/markdown.ts). */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** README.md and every guide in docs/, as paths relative to the repository root. */
export function guideFiles(root = REPO_ROOT): string[] {
  const docs = path.join(root, 'docs');
  const guides = existsSync(docs)
    ? readdirSync(docs)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', ...guides];
}

export function read(file: string, root = REPO_ROOT): string {
  return readFileSync(path.join(root, file), 'utf8');
}

/** Lines outside fenced code blocks (``` or ~~~), each with its 1-based line number. */
export function proseLines(markdown: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence === null) out.push({ line: index + 1, text });
  });
  return out;
}

/** Fenced code blocks with their info string (```sh -> 'sh') and the line the block starts on. */
export function codeBlocks(markdown: string): { lang: string; code: string; line: number }[] {
  const blocks: { lang: string; code: string; line: number }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j].trim().startsWith(open[1])) body.push(lines[j++]);
    blocks.push({ lang: open[2], code: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}

/** Splits a table row on unescaped pipes; `\|` stays inside its cell as `|`. */
export function tableCells(row: string): string[] {
  const trimmed = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

export interface Table {
  header: string[];
  rows: string[][];
  line: number;
}

/** Every pipe table outside code blocks. */
export function tables(markdown: string): Table[] {
  const lines = proseLines(markdown);
  const found: Table[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const isRow = (k: number) =>
      k < lines.length && /^\s*\|/.test(lines[k].text) && lines[k].line === lines[i].line + (k - i);
    if (!isRow(i) || !/^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1].text)) continue;
    const table: Table = { header: tableCells(lines[i].text), rows: [], line: lines[i].line };
    let k = i + 2;
    while (isRow(k)) table.rows.push(tableCells(lines[k++].text));
    found.push(table);
    i = k - 1;
  }
  return found;
}

/** The contents of inline code spans in a piece of markdown. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/(`+)([^`]|[^`].*?[^`])\1(?!`)/g)].map((match) => match[2].trim().replace(/\\\|/g, '|'));
}

/**
 * GitHub's heading anchor: lower case, markup and punctuation other than '-' and '_' removed,
 * each space a '-' (github-slugger's rules); a repeated heading gets '-1', '-2'.
 */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors a markdown file's headings produce, in GitHub's numbering of repeats. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const base = githubSlug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const { text } of proseLines(markdown)) {
    for (const match of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) result.add(match[1]);
  }
  return result;
}

/** Inline links and images outside code: `[text](target)` and `![alt](target)`, with line numbers. */
export function links(markdown: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  for (const { line, text } of proseLines(markdown)) {
    const withoutCode = text.replace(/(`+)(?:[^`]|[^`].*?[^`])\1(?!`)/g, '');
    for (const match of withoutCode.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      out.push({ line, target: match[1] });
    }
  }
  return out;
}
