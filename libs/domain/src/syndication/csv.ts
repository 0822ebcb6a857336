/**
 * One record of an RFC 4180 file: fields separated by commas, a field quoted when it holds a
 * comma, a quote, a line break or edge spaces (quotes inside doubled), the record ended by CRLF.
 * Both channels read this; Meta's reference asks for exactly this quoting.
 */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
