/**
 * CSV for spreadsheets. A cell starting with = + - @ tab or CR is read by Excel, LibreOffice and
 * Google Sheets as a formula (CSV injection: a shopper's name `=HYPERLINK(...)` would run in the
 * dealer's spreadsheet), so such a cell is prefixed with a quote, which shows as text. Every cell is
 * then quoted per RFC 4180, so commas, quotes and line breaks stay inside it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV line (CRLF ended, as RFC 4180 and Excel expect). */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** Excel opens a UTF-8 CSV as UTF-8 only when it starts with the byte order mark. */
export const CSV_BOM = '\uFEFF';
