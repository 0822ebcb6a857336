import { stripControlCharacters } from './primitives';

/**
 * Property names that reach an object's prototype machinery when assigned: `obj['__proto__'] = v`
 * replaces the prototype, and a path through `constructor.prototype` reaches Object.prototype
 * itself, so one dealer's column named `__proto__.x` would add `x` to every object in the process.
 * Input keys with these names are never used as property names.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const isReservedKey = (key: string): boolean => RESERVED_KEYS.has(key);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// The same without the global flag, whose lastIndex would make repeated .test() calls skip text.
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

/**
 * Text as PostgreSQL can store it and a person can read it: control characters removed (NUL
 * first of all: no `text` or `jsonb` can hold one), tab and line breaks kept, and lone UTF-16
 * surrogates (which `jsonb` refuses) replaced by U+FFFD.
 */
export const storableText = (text: string): string => stripControlCharacters(text).replace(LONE_SURROGATE, '\uFFFD');

/** Characters a reader cannot see or tell apart in a name: controls, format characters (zero-width,
 * bidi overrides), lone surrogates, line and paragraph separators; and the backslash that escapes. */
const ILLEGIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\\]/gu;

/**
 * Sets `value` at a dotted path inside `target`, creating the objects on the way with no prototype.
 * Refuses (returns false, changing nothing) a path with a reserved segment, so parsed input can
 * never write to Object.prototype, whatever its keys.
 */
export function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): boolean {
  if (path.length === 0 || path.some(isReservedKey)) return false;
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (typeof next === 'object' && next !== null && !Array.isArray(next)) node = next as Record<string, unknown>;
    else node = node[key] = Object.create(null) as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
  return true;
}

/**
 * A key as a message shows it: at most `max` characters (code points, so an emoji is never cut in
 * half into a lone surrogate that jsonb refuses), so a 100,000-character key stays readable.
 */
export function displayKey(key: string, max = 80): string {
  if (key.length <= max) return key;
  const points = Array.from(key);
  return points.length > max ? `${points.slice(0, max).join('')}…` : key;
}

/**
 * A field name as an error can show it: cut as displayKey cuts, then every character a reader could
 * not see written as an escape (`\u001f`, `\u200b`, `\\` for a backslash), so a 400 for a key of
 * invisible or unstorable characters still names that key, and no two keys read the same
 * (stripping them, as storableText does for values, would leave an empty name).
 */
export const legibleKey = (key: string): string =>
  displayKey(key).replace(ILLEGIBLE, (char) => {
    if (char === '\\') return '\\\\';
    const point = char.codePointAt(0)!;
    return point > 0xffff ? `\\u{${point.toString(16)}}` : `\\u${point.toString(16).padStart(4, '0')}`;
  });

/** Whether text holds a lone UTF-16 surrogate, which no `jsonb` value can hold. */
export const hasLoneSurrogate = (text: string): boolean => HAS_LONE_SURROGATE.test(text);
