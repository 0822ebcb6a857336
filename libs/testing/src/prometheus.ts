/**
 * The value of one series in Prometheus text output, matched by name and labels in any order;
 * null when no line has them all.
 */
export function metricValue(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Set((match[2] ?? '').match(/[a-zA-Z_]+="(?:[^"\\]|\\.)*"/g) ?? []);
    if (wanted.every((pair) => present.has(pair))) return Number(match[3]);
  }
  return null;
}
