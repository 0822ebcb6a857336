import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { API } from '@opensearch-project/opensearch';

/** The settings and mappings of every site index version, kept beside the other infrastructure files. */
export const CARS_INDEX_FILE = path.join('infra', 'opensearch', 'cars-index.json');

/**
 * Finds a file by its path from the repository root. Walking up from this module works both from
 * source (jest) and from the compiled libs/search/dist, which sit at different depths.
 */
export function findRepoFile(relative: string, from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${relative} was not found in ${from} or any directory above it`);
  }
}

export function parseIndexBody(text: string, source: string): API.Indices_Create_RequestBody {
  const parsed: unknown = JSON.parse(text);
  const mappings =
    typeof parsed === 'object' && parsed !== null
      ? (parsed as { mappings?: { properties?: unknown } }).mappings
      : undefined;
  if (typeof mappings?.properties !== 'object' || mappings.properties === null) {
    throw new Error(`${source} must hold an index body with mappings.properties`);
  }
  return parsed as API.Indices_Create_RequestBody;
}

let cached: API.Indices_Create_RequestBody | undefined;

/** A fresh copy each call, so a caller adding aliases never changes the next index's body. */
export function carsIndexBody(): API.Indices_Create_RequestBody {
  if (!cached) {
    const file = findRepoFile(CARS_INDEX_FILE);
    cached = parseIndexBody(readFileSync(file, 'utf8'), file);
  }
  return structuredClone(cached);
}
