import { clip, horizontalBarChart } from '@/lib/charts';
import styles from './reports.module.css';

/**
 * A report's bars across (issue 53, item 8): inline SVG drawn on the server like the insights
 * charts, one row per source, form or salesperson with its name above the bar and the count at
 * its end. Its accessible name says every figure, and the page puts the same numbers in a table.
 */
export function HorizontalBars(props: { title: string; labels: readonly string[]; values: readonly number[] }) {
  const width = 480;
  const chart = horizontalBarChart({
    labels: props.labels,
    values: props.values,
    width,
    rowHeight: ROW_HEIGHT,
    valueWidth: 72,
  });
  const words = props.labels.map((label, i) => `${label} ${props.values[i]}`).join(', ');
  if (props.values.length === 0) return null;
  return (
    <svg
      className={styles.bars}
      viewBox={`0 0 ${width} ${chart.height}`}
      role="img"
      aria-label={`${props.title}: ${words}.`}
    >
      {chart.rows.map((row) => (
        <g key={`${row.y}`} transform={`translate(0 ${row.y})`}>
          <text x={0} y={LABEL_BASELINE} className={styles.label}>
            {clip(row.label, 44)}
          </text>
          <rect x={0} y={BAR_TOP} width={Math.max(row.width, 2)} height={BAR_HEIGHT} className={styles.bar} />
          <text x={Math.max(row.width, 2) + 8} y={BAR_TOP + BAR_HEIGHT - 2} className={styles.value}>
            {row.value.toLocaleString('en-AU')}
          </text>
        </g>
      ))}
    </svg>
  );
}

// A row: the name (room for the larger phone text), then the bar; units of the 480-wide drawing.
const ROW_HEIGHT = 56;
const LABEL_BASELINE = 22;
const BAR_TOP = 30;
const BAR_HEIGHT = 18;
