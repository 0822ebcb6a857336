// First-load JavaScript of every page route, gzipped, from a finished `next build` (web/.next).
// Next.js 16 no longer prints this table, so it is read from the build's manifests: the root
// chunks every page loads (build-manifest rootMainFiles) plus the chunks of the route's layouts
// and page (entryJSFiles of its client-reference manifest). Prints figures; gates nothing.
//
//   npx nx run web:build && node bench/web-bundles.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const nextDir = path.resolve(import.meta.dirname, '../web/.next');
if (!existsSync(path.join(nextDir, 'build-manifest.json'))) {
  console.error('No build in web/.next: run `npx nx run web:build` first.');
  process.exit(1);
}
const require = createRequire(import.meta.url);
const rootFiles = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')).rootMainFiles.map((f) =>
  f.replace(/^\/?_next\//, ''),
);

const gzipCache = new Map();
const gzipped = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(nextDir, file)), { level: 9 }).length);
  return gzipCache.get(file);
};
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

function* manifests(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* manifests(full);
    else if (name === 'page_client-reference-manifest.js') yield full;
  }
}

globalThis.__RSC_MANIFEST = {};
const rows = [];
for (const file of manifests(path.join(nextDir, 'server/app'))) {
  require(file);
}
for (const [route, manifest] of Object.entries(globalThis.__RSC_MANIFEST)) {
  const pageKey = `[project]/web/app${route}`;
  const segments = route
    .replace(/\/page$/, '')
    .split('/')
    .filter(Boolean);
  // The page and every layout above it.
  const keys = [
    pageKey,
    '[project]/web/app/layout',
    ...segments.map((_, i) => `[project]/web/app/${segments.slice(0, i + 1).join('/')}/layout`),
  ];
  const shared = new Set(rootFiles);
  for (const key of keys.slice(1)) for (const chunk of manifest.entryJSFiles[key] ?? []) shared.add(chunk);
  const files = new Set([...shared, ...(manifest.entryJSFiles[pageKey] ?? [])]);
  const total = [...files].reduce((sum, f) => sum + gzipped(f), 0);
  const pageOnly = [...files].filter((f) => !shared.has(f)).reduce((sum, f) => sum + gzipped(f), 0);
  rows.push({ route: route.replace(/\/page$/, '') || '/', total, pageOnly });
}

const framework = rootFiles.reduce((sum, f) => sum + gzipped(f), 0);
rows.sort((a, b) => a.route.localeCompare(b.route));
console.log(`framework (root chunks, every page): ${kB(framework)} gzip`);
console.log('| Route | First-load JS (gzip) | beyond the framework and layouts |');
console.log('|---|---|---|');
for (const row of rows) console.log(`| ${row.route} | ${kB(row.total)} | ${kB(row.pageOnly)} |`);
