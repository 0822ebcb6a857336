import type { Path } from './layer-value';

/** Server problems (layerProblems' answer) by the path of the field they belong under. */
export type ProblemsByPath = Readonly<Record<string, readonly string[]>>;

/** The key of a path in ProblemsByPath: 'marketing.banners.0.image'. */
export function pathKey(path: Path): string {
  return path.map(String).join('.');
}

export function problemsByPath(problems: readonly { path: readonly string[]; message: string }[]): ProblemsByPath {
  const byPath: Record<string, string[]> = {};
  for (const { path, message } of problems) (byPath[pathKey(path)] ??= []).push(message);
  return byPath;
}

/** A DOM id for the field at a path, unique within one form. */
export function fieldId(formId: string, path: Path): string {
  return `${formId}-${path.map((part) => String(part).replace(/[^A-Za-z0-9_-]/g, '_')).join('-')}`;
}
