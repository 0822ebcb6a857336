import fc from 'fast-check';
import { barChart, clip, horizontalBarChart, lineChart, niceTicks, sparkline, summarise } from './index';

describe('niceTicks', () => {
  it('gives round steps from 0 that cover the maximum', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(43)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(niceTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(niceTicks(55)).toEqual([0, 20, 40, 60]);
    expect(niceTicks(11)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0.4)).toEqual([0, 1]);
    // Every count a 90-day chart of one car or a dealership's week plausibly reaches.
    for (let max = 0; max <= 5000; max++) {
      const ticks = niceTicks(max);
      expect(ticks.length <= 6 && ticks.at(-1)! >= max).toBe(true);
    }
  });

  it('always starts at 0, covers the maximum and has at most 6 ticks (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.nat({ max: 100_000 }), fc.double({ min: 0, max: 1e9, noNaN: true })), (max) => {
        const ticks = niceTicks(max);
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
        expect(ticks.length).toBeLessThanOrEqual(6);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.every(Number.isInteger)).toBe(true);
      }),
    );
  });
});

describe('sparkline', () => {
  it('draws one point per value, the highest at the top and zero at the bottom', () => {
    const line = sparkline([0, 5, 10], { width: 100, height: 20 });
    expect(line.points).toEqual([
      { x: 1, y: 19 },
      { x: 50, y: 10 },
      { x: 99, y: 1 },
    ]);
    expect(line.path).toBe('M1,19L50,10L99,1');
  });

  it('stays inside its box for any values, also flat and empty series (property)', () => {
    expect(sparkline([], { width: 80, height: 20 }).path).toBe('');
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1e6 }), { maxLength: 120 }), (values) => {
        const line = sparkline(values, { width: 80, height: 20 });
        expect(line.points).toHaveLength(values.length);
        for (const p of line.points) {
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.x).toBeLessThanOrEqual(80);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeLessThanOrEqual(20);
        }
      }),
    );
  });
});

describe('lineChart', () => {
  const days = ['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04'];

  it('plots each series on a shared y scale with ticks, x labels and markers at their day', () => {
    const chart = lineChart({
      labels: days,
      series: [
        { name: 'Views', values: [0, 4, 6, 8] },
        { name: 'Enquiries', values: [0, 1, 0, 1] },
      ],
      markers: [{ index: 2, label: 'Price $30,000 to $29,000' }],
      width: 400,
      height: 200,
    });
    expect(chart.yTicks.map((tick) => tick.value)).toEqual([0, 2, 4, 6, 8]);
    const [views] = chart.series;
    expect(views!.points[0]!.y).toBe(chart.plot.bottom);
    expect(views!.points[3]!.y).toBe(chart.plot.top);
    expect(views!.points[0]!.x).toBe(chart.plot.left);
    expect(views!.points[3]!.x).toBe(chart.plot.right);
    expect(chart.markers[0]).toMatchObject({ x: views!.points[2]!.x, label: 'Price $30,000 to $29,000' });
    expect(chart.xLabels.length).toBeGreaterThan(0);
    expect(chart.xLabels[0]).toMatchObject({ x: chart.plot.left, text: '2025-01-01' });
  });

  it('drops markers outside the labels and keeps x labels few (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.integer({ min: -5, max: 130 }), (n, index) => {
        const labels = Array.from({ length: n }, (_, i) => `d${i}`);
        const chart = lineChart({
          labels,
          series: [{ name: 'a', values: labels.map((_, i) => i % 7) }],
          markers: [{ index, label: 'm' }],
          width: 600,
          height: 240,
        });
        expect(chart.markers).toHaveLength(index >= 0 && index < n ? 1 : 0);
        expect(chart.xLabels.length).toBeLessThanOrEqual(7);
      }),
    );
  });
});

describe('barChart', () => {
  it('draws a bar per value from the baseline, the tallest reaching its tick', () => {
    const chart = barChart({ labels: ['a', 'b', 'c'], values: [0, 3, 6], width: 300, height: 150 });
    expect(chart.bars).toHaveLength(3);
    expect(chart.bars[0]!.height).toBe(0);
    expect(chart.bars[2]!.y + chart.bars[2]!.height).toBe(chart.plot.bottom);
    expect(chart.bars[2]!.y).toBeCloseTo(chart.plot.top + (chart.plot.bottom - chart.plot.top) * (1 - 6 / 6));
    expect(chart.bars[1]!.height * 2).toBeCloseTo(chart.bars[2]!.height);
  });
});

describe('summarise', () => {
  it('says the total, the mean and the busiest point in words', () => {
    expect(summarise('Views', ['Mon', 'Tue', 'Wed'], [1, 5, 3])).toBe(
      'Views: 9 in total over 3 days, 3 a day on average; the most, 5, on Tue.',
    );
    expect(summarise('Views', [], [])).toBe('Views: no data.');
  });
});

describe('horizontalBarChart', () => {
  it('gives the largest value the whole bar width and the others their share', () => {
    const chart = horizontalBarChart({
      labels: ['Google Ads', 'Direct', 'None'],
      values: [10, 5, 0],
      width: 480,
      rowHeight: 50,
      valueWidth: 80,
    });
    expect(chart.height).toBe(150);
    expect(chart.rows.map((row) => [row.label, row.y, row.width])).toEqual([
      ['Google Ads', 0, 400],
      ['Direct', 50, 200],
      ['None', 100, 0],
    ]);
  });

  it('keeps every bar inside the plot, in proportion to its value (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 100_000 }), { maxLength: 20 }), (values) => {
        const chart = horizontalBarChart({
          labels: values.map(String),
          values,
          width: 480,
          rowHeight: 50,
          valueWidth: 80,
        });
        const top = Math.max(0, ...values);
        for (const row of chart.rows) {
          expect(row.width).toBeGreaterThanOrEqual(0);
          expect(row.width).toBeLessThanOrEqual(400);
          if (top > 0) expect(Math.abs(row.width - (row.value / top) * 400)).toBeLessThanOrEqual(0.1);
        }
      }),
    );
  });
});

describe('clip', () => {
  it('cuts long text with an ellipsis and leaves short text alone', () => {
    expect(clip('Google Ads', 20)).toBe('Google Ads');
    expect(clip('a'.repeat(30), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
