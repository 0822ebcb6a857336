// The development .env: created from .env.example on first start with a generated OPS_TOKEN,
// then read on every start. Values already in the environment win.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Drops variables set to an empty value: `OPENSEARCH_URL=` means unset (the dotenv convention),
 * as `presentEnv` in libs/db does for the services this script starts (they are not built yet
 * when it runs, so it cannot import that).
 */
export function presentValues(values) {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value.trim() !== ''));
}

export function parseDotenv(text) {
  const values = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    values[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

/** Returns the .env values (creating the file first when missing) and whether it was created. */
export function loadDevEnv(root) {
  const file = path.join(root, '.env');
  let created = false;
  if (!existsSync(file)) {
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    writeFileSync(file, example.replace(/^OPS_TOKEN=.*$/m, `OPS_TOKEN=${randomBytes(32).toString('hex')}`), {
      mode: 0o600,
    });
    created = true;
  }
  const values = presentValues(parseDotenv(readFileSync(file, 'utf8')));
  return { file, values, created };
}
