/**
 * Chart geometry for the dealer console's server-drawn SVG charts (issue 41): pure functions from
 * numbers to coordinates, so the charts render in server components with no JavaScript, no layout
 * shift (fixed viewBox) and no chart library. The React side (components/charts) only draws these.
 */

export interface Point {
  x: number;
  y: number;
}

/** Rounded to 0.1 px: enough for SVG, and keeps the markup short and the tests exact. */
const r = (value: number): number => Math.round(value * 10) / 10;

/**
 * Round tick values from 0 covering `max` (1, 2, 5 x 10^n steps), at most 6 of them. The charts
 * count things, so a step is never below 1 (and a tiny maximum still gets a 0-1 axis).
 */
export function niceTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s * 5 >= max) ?? 10 * power);
  const ticks: number[] = [];
  for (let i = 0; i <= 5; i++) {
    const value = Number((step * i).toPrecision(12));
    ticks.push(value);
    if (value >= max) break;
  }
  return ticks;
}

/** A small line of values (oldest first) inside a width x height box with a 1 px inset. */
export function sparkline(values: readonly number[], box: { width: number; height: number }) {
  const inset = 1;
  const max = Math.max(0, ...values);
  const span = box.height - 2 * inset;
  const points: Point[] = values.map((value, i) => ({
    x: r(values.length === 1 ? box.width / 2 : inset + (i * (box.width - 2 * inset)) / (values.length - 1)),
    y: r(max === 0 ? box.height - inset : box.height - inset - (Math.max(0, value) / max) * span),
  }));
  return { points, path: pathOf(points), max };
}

const pathOf = (points: readonly Point[]): string =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join('');

/** The plot area inside the chart: room on the left for y labels and at the bottom for x labels. */
function plotArea(width: number, height: number) {
  return { left: 40, right: width - 12, top: 12, bottom: height - 28 };
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
  const max = Math.max(0, ...input.series.flatMap((s) => s.values));
  const ticks = niceTicks(max);
  const top = ticks.at(-1)!;
  const x = (i: number): number =>
    r(n <= 1 ? (plot.left + plot.right) / 2 : plot.left + (i * (plot.right - plot.left)) / (n - 1));
  const y = (value: number): number => r(plot.bottom - (Math.max(0, value) / top) * (plot.bottom - plot.top));
  const series = input.series.map((s) => {
    const points = s.values.slice(0, n).map((value, i) => ({ x: x(i), y: y(value) }));
    return { name: s.name, points, path: pathOf(points) };
  });
  const wanted = Math.max(2, input.xLabelCount ?? 6);
  const every = Math.max(1, Math.ceil(n / wanted));
  const xLabels = input.labels.flatMap((text, i) => (i % every === 0 ? [{ x: x(i), text }] : []));
  const markers = (input.markers ?? [])
    .filter((marker) => Number.isInteger(marker.index) && marker.index >= 0 && marker.index < n)
    .map((marker) => ({ x: x(marker.index), label: marker.label }));
  return { plot, yTicks: ticks.map((value) => ({ value, y: y(value) })), series, xLabels, markers };
}

/** A bar chart of one series, bars from a 0 baseline. */
export function barChart(input: {
  labels: readonly string[];
  values: readonly number[];
  width: number;
  height: number;
  xLabelCount?: number;
}) {
  const plot = plotArea(input.width, input.height);
  const n = input.values.length;
  const ticks = niceTicks(Math.max(0, ...input.values));
  const top = ticks.at(-1)!;
  const slot = n === 0 ? 0 : (plot.right - plot.left) / n;
  const barWidth = r(slot * 0.7);
  const y = (value: number): number => r(plot.bottom - (Math.max(0, value) / top) * (plot.bottom - plot.top));
  const bars = input.values.map((value, i) => {
    const barTop = y(value);
    return {
      x: r(plot.left + slot * i + (slot - barWidth) / 2),
      y: barTop,
      width: barWidth,
      height: r(plot.bottom - barTop),
      label: input.labels[i] ?? '',
      value,
    };
  });
  const wanted = Math.max(2, input.xLabelCount ?? 6);
  const every = Math.max(1, Math.ceil(n / wanted));
  const xLabels = input.labels.flatMap((text, i) =>
    i % every === 0 ? [{ x: r(plot.left + slot * i + slot / 2), text }] : [],
  );
  return { plot, yTicks: ticks.map((value) => ({ value, y: y(value) })), bars, xLabels };
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
  return `${name}: ${total.toLocaleString('en-AU')} in total over ${values.length} ${unit}, ${mean.toLocaleString('en-AU')} a ${unit === 'days' ? 'day' : unit.replace(/s$/, '')} on average; the most, ${values[best]!.toLocaleString('en-AU')}, on ${labels[best] ?? ''}.`;
}
