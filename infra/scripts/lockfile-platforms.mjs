#!/usr/bin/env node
// Records the other platforms' native binaries (optionalDependencies such as @swc/core-darwin-arm64)
// in package-lock.json. A registry mirror that serves only this platform's binaries makes npm
// leave them out (npm/cli#4828, #8320), and `npm ci` then refuses the lockfile as out of sync.
// Each entry carries os/cpu/libc, so npm skips it on every platform it does not fit and never
// downloads it. Run after `npm install` changes the lockfile: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32', 'mips64el'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((t) => OS.includes(t));
  const cpu =
    tokens.find((t) => CPU.includes(t)) ??
    (tokens.includes('gnueabihf') || tokens.includes('eabi') || tokens.includes('musleabihf') ? 'arm' : undefined);
  const libc = tokens.some((t) => t.startsWith('musl'))
    ? 'musl'
    : tokens.some((t) => t === 'gnu' || t === 'glibc' || t === 'gnueabihf')
      ? 'glibc'
      : undefined;
  return cpu ? { os, cpu, libc } : undefined;
}

function resolves(fromKey, name) {
  // Node's lookup: the package's own node_modules, then each parent's, then the top level.
  let dir = fromKey;
  while (true) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

let added = 0;
for (const [key, pkg] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolves(key, name)) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    const entry = { version: String(spec).replace(/^[\^~=]/, ''), optional: true, cpu: [platform.cpu] };
    if (platform.os) entry.os = [platform.os];
    if (platform.libc) entry.libc = [platform.libc];
    packages[`node_modules/${name}`] = entry;
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} other-platform optional binaries`);
