import fc from 'fast-check';
import { csvCell, csvRow } from './csv-cell';

/** A minimal RFC 4180 reader of one quoted line, to check the writer round-trips. */
function readRow(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i < line.length && line[i] !== '\r') {
    expect(line[i]).toBe('"');
    let cell = '';
    i++;
    for (;;) {
      if (line[i] === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (line[i] === '"') {
        i++;
        break;
      } else {
        cell += line[i];
        i++;
      }
    }
    cells.push(cell);
    if (line[i] === ',') i++;
  }
  return cells;
}

describe('csvCell: spreadsheet-safe CSV', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+61412345678', `"'+61412345678"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    ['Sam, "Sal"', `"Sam, ""Sal"""`],
    ['', '""'],
  ])('%p -> %p', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes null as an empty cell and numbers as text', () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it('never lets a cell start a formula, and reads back as written apart from the guard (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 6 }), (values) => {
        const line = csvRow(values);
        expect(line.endsWith('\r\n')).toBe(true);
        const cells = readRow(line);
        expect(cells).toHaveLength(values.length);
        cells.forEach((cell, index) => {
          expect(cell).not.toMatch(/^[=+\-@\t\r]/);
          const value = values[index]!;
          expect(cell).toBe(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
        });
      }),
    );
  });
});
