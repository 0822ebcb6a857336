import { barChart, lineChart, sparkline, summarise } from '@/lib/charts';
import styles from './insights.module.css';

/**
 * The console's charts (issue 41): inline SVG drawn on the server from web/lib/charts geometry.
 * Each has a fixed viewBox (no layout shift), an accessible name that sums it up in words, and
 * (for the larger ones) the same numbers as a table under "Show the numbers".
 */

const SERIES_CLASS = [styles.seriesA, styles.seriesB, styles.seriesC];

/** Every other x label is left out on a phone, where the larger text would run together. */
const xLabelClass = (i: number): string => (i % 2 === 1 ? `${styles.axis} ${styles.axisAlternate}` : styles.axis);

/** A row's small line of daily views; the row itself carries the 7- and 30-day numbers. */
export function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  const line = sparkline(values, { width: 96, height: 24 });
  return (
    <svg className={styles.sparkline} viewBox="0 0 96 24" width="96" height="24" role="img" aria-label={label}>
      <path d={line.path} className={styles.seriesA} fill="none" />
    </svg>
  );
}

export interface SeriesInput {
  name: string;
  values: readonly number[];
}

/** A table column: null where there is no figure (a price before the car was listed). */
export interface ColumnInput {
  name: string;
  values: readonly (number | null)[];
}

function NumbersTable(props: {
  caption: string;
  labelHeading: string;
  labels: readonly string[];
  series: readonly ColumnInput[];
}) {
  return (
    <details className={styles.numbers}>
      <summary>Show the numbers</summary>
      {/* A scrolling box is a tab stop, so it can be scrolled from the keyboard. */}
      <div className={styles.tableScroll} role="region" aria-label={`${props.caption}: the numbers`} tabIndex={0}>
        <table>
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{props.labelHeading}</th>
              {props.series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {props.series.map((s) => (
                  <td key={s.name}>{s.values[i] ?? '—'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Lines over days, one y scale, with vertical markers (price changes) named in the legend and the table. */
export function LineChart(props: {
  title: string;
  labels: readonly string[];
  /** Shorter text for the x axis, one per label. */
  axisLabels?: readonly string[];
  series: readonly SeriesInput[];
  markers?: readonly { index: number; label: string }[];
  extraColumns?: readonly ColumnInput[];
}) {
  // A narrow drawing: on a phone it shrinks less, so its labels stay readable.
  const width = 560;
  const height = 250;
  const chart = lineChart({
    labels: props.axisLabels ?? props.labels,
    series: props.series,
    markers: props.markers,
    width,
    height,
  });
  const summary = props.series.map((s) => summarise(s.name, props.labels, s.values)).join(' ');
  const markerText = chart.markers.length ? ` Marked: ${chart.markers.map((m) => m.label).join('; ')}.` : '';
  return (
    <figure className={styles.chart}>
      <figcaption>{props.title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${props.title}. ${summary}${markerText}`}>
        {chart.yTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={chart.plot.left} x2={chart.plot.right} y1={tick.y} y2={tick.y} className={styles.grid} />
            <text x={chart.plot.left - 6} y={tick.y + 4} textAnchor="end" className={styles.axis}>
              {tick.value.toLocaleString('en-AU')}
            </text>
          </g>
        ))}
        {chart.xLabels.map((label, i) => (
          <text key={label.x} x={label.x} y={height - 8} textAnchor="middle" className={xLabelClass(i)}>
            {label.text}
          </text>
        ))}
        {chart.markers.map((marker, i) => (
          <g key={`${marker.x}-${i}`}>
            <line x1={marker.x} x2={marker.x} y1={chart.plot.top} y2={chart.plot.bottom} className={styles.marker} />
            <text x={marker.x + 3} y={chart.plot.top + 10 + (i % 3) * 12} className={styles.markerText}>
              {`▼ ${i + 1}`}
            </text>
          </g>
        ))}
        {chart.series.map((s, i) =>
          // A car listed today has one day: a line of one point draws nothing, so it gets a dot.
          s.points.length === 1 ? (
            <circle
              key={s.name}
              cx={s.points[0]!.x}
              cy={s.points[0]!.y}
              r={4}
              className={`${styles.dot} ${SERIES_CLASS[i % SERIES_CLASS.length]}`}
            />
          ) : (
            <path key={s.name} d={s.path} fill="none" className={SERIES_CLASS[i % SERIES_CLASS.length]} />
          ),
        )}
      </svg>
      <ul className={styles.legend}>
        {props.series.map((s, i) => (
          <li key={s.name}>
            <span className={`${styles.swatch} ${SERIES_CLASS[i % SERIES_CLASS.length]}`} aria-hidden="true" />
            {s.name}
          </li>
        ))}
        {chart.markers.map((marker, i) => (
          <li key={`m${i}`}>
            <span className={styles.markerKey} aria-hidden="true">
              ▼ {i + 1}
            </span>
            {marker.label}
          </li>
        ))}
      </ul>
      <NumbersTable
        caption={props.title}
        labelHeading="Day"
        labels={props.labels}
        series={[...props.series, ...(props.extraColumns ?? [])]}
      />
    </figure>
  );
}

/** Bars of one series (leads by week). */
export function BarChart(props: {
  title: string;
  name: string;
  labels: readonly string[];
  axisLabels?: readonly string[];
  values: readonly number[];
  unit: string;
  labelHeading: string;
}) {
  const width = 560;
  const height = 220;
  const chart = barChart({ labels: props.axisLabels ?? props.labels, values: props.values, width, height });
  return (
    <figure className={styles.chart}>
      <figcaption>{props.title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${props.title}. ${summarise(props.name, props.labels, props.values, props.unit)}`}
      >
        {chart.yTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={chart.plot.left} x2={chart.plot.right} y1={tick.y} y2={tick.y} className={styles.grid} />
            <text x={chart.plot.left - 6} y={tick.y + 4} textAnchor="end" className={styles.axis}>
              {tick.value.toLocaleString('en-AU')}
            </text>
          </g>
        ))}
        {chart.bars.map((bar) => (
          <rect key={bar.x} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className={styles.bar} />
        ))}
        {chart.xLabels.map((label, i) => (
          <text key={label.x} x={label.x} y={height - 8} textAnchor="middle" className={xLabelClass(i)}>
            {label.text}
          </text>
        ))}
      </svg>
      <NumbersTable
        caption={props.title}
        labelHeading={props.labelHeading}
        labels={props.labels}
        series={[{ name: props.name, values: props.values }]}
      />
    </figure>
  );
}
