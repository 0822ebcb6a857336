import { anchors, codeSpans, githubSlug, read, tables } from './markdown';

/**
 * infra/prometheus/alerts.yml and the Grafana dashboard are read by Prometheus and Grafana, which
 * say nothing when a rule asks for a series no process exports (the rule is simply never true) or
 * a runbook it names has moved. So every alert is listed in the operations guide, every series a
 * rule or panel asks for is one the guide's metrics table documents, and every runbook a rule
 * names is a heading there.
 */
const rules = read('infra/prometheus/alerts.yml');
const dashboard = JSON.parse(read('infra/grafana/platform-dashboard.json')) as {
  panels: { title: string; targets?: { expr: string }[] }[];
};
const operations = read('docs/operations.md');

const alertNames = [...rules.matchAll(/^\s*- alert: (\S+)\s*$/gm)].map((match) => match[1]);
const expressions = [
  ...[...rules.matchAll(/^\s*expr: (.+)$/gm)].map((match) => ({ where: 'alerts.yml', expr: match[1] })),
  ...dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ where: `panel '${panel.title}'`, expr: target.expr })),
  ),
];

const PROMQL_WORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/**
 * The series an expression selects: each name that is not a function (followed by '('), a keyword,
 * or inside a label matcher, a range or a by (...) grouping.
 */
const seriesIn = (expr: string): string[] => {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map((match) => match[1])
    .filter((name) => !PROMQL_WORDS.has(name.toLowerCase()));
};

const documented = new Set(
  tables(operations)
    .filter((table) => table.header[0] === 'Series')
    .flatMap((table) => table.rows.flatMap((row) => codeSpans(row[0] ?? '')))
    .map((span) => span.replace(/\{.*$/, '')),
);
/** A histogram's _bucket, _count and _sum series are documented under its own name. */
const isDocumented = (series: string): boolean =>
  documented.has(series) || documented.has(series.replace(/_(bucket|count|sum)$/, ''));

describe('alert rules and the dashboard', () => {
  it('are found: the rules file has alerts and the dashboard has panels with queries', () => {
    expect(seriesIn('max(site_hosts_failing) > 0')).toEqual(['site_hosts_failing']);
    expect(
      seriesIn(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{app="api"}[5m])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(alertNames.length).toBeGreaterThan(0);
    expect(expressions.filter((entry) => entry.where === 'alerts.yml')).toHaveLength(alertNames.length);
    expect(expressions.length).toBeGreaterThan(alertNames.length);
  });

  it('ask only for series the operations guide documents', () => {
    const unknown = expressions.flatMap(({ where, expr }) =>
      seriesIn(expr)
        .filter((series) => !isDocumented(series))
        .map((series) => `${where}: ${series}`),
    );
    expect(unknown).toEqual([]);
  });

  it('are each listed in the operations guide under Alerts', () => {
    const section = /^### Alerts\n([\s\S]*?)(?=^## )/m.exec(operations)?.[1] ?? '';
    const listed = new Set(codeSpans(section));
    expect(alertNames.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('name runbooks that are headings of the guide they cite', () => {
    const cited = [...rules.replace(/\s+/g, ' ').matchAll(/Runbook: (docs\/[\w-]+\.md), "([^"]+)"/g)];
    expect(cited.length).toBeGreaterThan(0);
    const missing = cited.filter(([, file, heading]) => !anchors(read(file)).has(githubSlug(heading)));
    expect(missing.map(([, file, heading]) => `${file}: ${heading}`)).toEqual([]);
  });
});
