/**
 * Chart geometry for the dealer console's server-drawn SVG charts (issue 41): d3's scales, ticks and
 * line generator turn numbers into coordinates and paths, and the React side
 * (components/dealer-console/insight-charts.tsx) only draws them. d3-scale and d3-shape are pure
 * functions with no DOM, so they run inside server components and send the browser nothing: the
 * charts render with JavaScript off and, with a fixed viewBox, never shift the layout.
 */
import { scaleBand, scaleLinear, type ScaleLinear } from 'd3-scale';
import { line } from 'd3-shape';

export interface Point {
  x: number;
  y: number;
}

/** Rounded to 0.1 px: enough for SVG, and keeps the markup short and the tests exact. */
const r = (value: number): number => Math.round(value * 10) / 10;

/** d3's path of the points, to 0.1 px like the points themselves. */
const pathOf = (points: readonly Point[]): string =>
  line<Point>()
    .x((p) => p.x)
    .y((p) => p.y)
    .digits(1)(points as Point[]) ?? '';

/**
 * A count axis from 0: d3's nice domain and ticks (1, 2 or 5 x 10^n), at most six, whole numbers only, since the charts count things (a tiny maximum still gets a 0-1 axis). The last
 * tick is the domain's top, so the tallest value never leaves the plot.
 */
function countScale(max: number): { scale: ScaleLinear<number, number>; ticks: number[] } {
  const top = Math.max(1, Math.ceil(Number.isFinite(max) ? max : 0));
  const scale = scaleLinear().clamp(true);
  let ticks: number[] = [];
  // About four steps, or three where four would crowd the axis (11 niced to 0-12 in 2s: 7 ticks).
  for (const count of [4, 3]) {
    ticks = scale
      .domain([0, top])
      .nice(count)
      .ticks(count)
      .filter(Number.isInteger)
      .map((tick) => Number(tick.toPrecision(12)));
    if (ticks.length <= 6) break;
  }
  return { scale, ticks };
}

/** The y axis's tick values for counts up to `max`. */
export const niceTicks = (max: number): number[] => countScale(max).ticks;

/** A small line of values (oldest first) inside a width x height box with a 1 px inset. */
export function sparkline(values: readonly number[], box: { width: number; height: number }) {
  const inset = 1;
  const max = Math.max(0, ...values);
  const y = scaleLinear()
    .domain([0, max || 1])
    .range([box.height - inset, inset])
    .clamp(true);
  const x = scaleLinear()
    .domain([0, Math.max(1, values.length - 1)])
    .range([inset, box.width - inset]);
  const points: Point[] = values.map((value, i) => ({
    x: r(values.length === 1 ? box.width / 2 : x(i)),
    y: r(y(value)),
  }));
  return { points, path: pathOf(points), max };
}

/** The plot area inside the chart: room on the left for y labels and at the bottom for x labels. */
function plotArea(width: number, height: number) {
  return { left: 40, right: width - 12, top: 12, bottom: height - 28 };
}

/** Every `every`-th label (the first always), so at most about `wanted` of them share the axis. */
function spacedLabels(labels: readonly string[], wanted: number | undefined, x: (i: number) => number) {
  const every = Math.max(1, Math.ceil(labels.length / Math.max(2, wanted ?? 6)));
  return labels.flatMap((text, i) => (i % every === 0 ? [{ x: r(x(i)), text }] : []));
}

export interface LineChartInput {
  labels: readonly string[];
  series: readonly { name: string; values: readonly number[] }[];
  /** Points in time to mark with a vertical line (a price change), by label index. */
  markers?: readonly { index: number; label: string }[];
  width: number;
  height: number;
  /** How many x labels at most (evenly spaced, the first always shown). */
  xLabelCount?: number;
}

/** A line chart of several series over the same labels, on one y scale from 0. */
export function lineChart(input: LineChartInput) {
  const plot = plotArea(input.width, input.height);
  const n = input.labels.length;
  const { scale, ticks } = countScale(Math.max(0, ...input.series.flatMap((s) => s.values)));
  const y = scale.copy().range([plot.bottom, plot.top]);
  const across = scaleLinear()
    .domain([0, Math.max(1, n - 1)])
    .range([plot.left, plot.right]);
  const x = (i: number): number => r(n <= 1 ? (plot.left + plot.right) / 2 : across(i));
  const series = input.series.map((s) => {
    const points = s.values.slice(0, n).map((value, i) => ({ x: x(i), y: r(y(value)) }));
    return { name: s.name, points, path: pathOf(points) };
  });
  const markers = (input.markers ?? [])
    .filter((marker) => Number.isInteger(marker.index) && marker.index >= 0 && marker.index < n)
    .map((marker) => ({ x: x(marker.index), label: marker.label }));
  return {
    plot,
    yTicks: ticks.map((value) => ({ value, y: r(y(value)) })),
    series,
    xLabels: spacedLabels(input.labels, input.xLabelCount, x),
    markers,
  };
}

/** A bar chart of one series, bars from a 0 baseline, each 70% of its slot. */
export function barChart(input: {
  labels: readonly string[];
  values: readonly number[];
  width: number;
  height: number;
  xLabelCount?: number;
}) {
  const plot = plotArea(input.width, input.height);
  const { scale, ticks } = countScale(Math.max(0, ...input.values));
  const y = scale.copy().range([plot.bottom, plot.top]);
  const band = scaleBand<number>()
    .domain(input.values.map((_, i) => i))
    .range([plot.left, plot.right])
    .paddingInner(0.3)
    .paddingOuter(0.15);
  const bars = input.values.map((value, i) => {
    const barTop = r(y(value));
    return {
      x: r(band(i) ?? plot.left),
      y: barTop,
      width: r(band.bandwidth()),
      height: r(plot.bottom - barTop),
      label: input.labels[i] ?? '',
      value,
    };
  });
  const centre = (i: number): number => (band(i) ?? plot.left) + band.bandwidth() / 2;
  return {
    plot,
    yTicks: ticks.map((value) => ({ value, y: r(y(value)) })),
    bars,
    xLabels: spacedLabels(input.labels, input.xLabelCount, centre),
  };
}

/** A chart's numbers in one sentence, for its accessible name (screen readers get the gist first). */
export function summarise(name: string, labels: readonly string[], values: readonly number[], unit = 'days'): string {
  if (values.length === 0) return `${name}: no data.`;
  const total = values.reduce((sum, value) => sum + value, 0);
  let best = 0;
  values.forEach((value, i) => {
    if (value > values[best]!) best = i;
  });
  const mean = Math.round((total / values.length) * 10) / 10;
  const one = unit === 'days' ? 'day' : unit.replace(/s$/, '');
  // A car listed today has one day of history: "over 1 day", not "over 1 days".
  return `${name}: ${total.toLocaleString('en-AU')} in total over ${values.length} ${values.length === 1 ? one : unit}, ${mean.toLocaleString('en-AU')} a ${one} on average; the most, ${values[best]!.toLocaleString('en-AU')}, on ${labels[best] ?? ''}.`;
}

/** Text cut to `max` characters with an ellipsis: a drawing's label (the table beside it has it whole). */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Bars across, one row per label, each label written above its bar and the value after its end
 * (the reports' sources, forms and salespeople: names too long for an x axis). Bars are in
 * proportion from 0; the width left after the longest bar holds its value.
 */
export function horizontalBarChart(input: {
  labels: readonly string[];
  values: readonly number[];
  width: number;
  rowHeight: number;
  valueWidth: number;
}) {
  // Values are printed at the bars' ends, so no axis: the largest bar spans the plot.
  const plotWidth = input.width - input.valueWidth;
  const top = Math.max(0, ...input.values);
  const length = (value: number): number => (top > 0 ? r((Math.max(0, value) / top) * plotWidth) : 0);
  const rows = input.values.map((value, i) => {
    const y = i * input.rowHeight;
    return { label: input.labels[i] ?? '', value, y, width: length(value) };
  });
  return { rows, height: rows.length * input.rowHeight };
}
