import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
 * return: a shopper can name themselves "=HYPERLINK(…)") gets a leading apostrophe, which makes it
 * text. A plain signed number (a phone, +8801712345678) is no formula and is left as it is.
 */
export const spreadsheetSafe = (cell: string): string =>
  /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell) ? `'${cell}` : cell;

/** The rows of a back-office export as a CSV stream, every cell spreadsheet-safe. */
export function csvStream(rows: AsyncIterable<string[]>): Readable {
  async function* safe() {
    for await (const row of rows) yield row.map(spreadsheetSafe);
  }
  return Readable.from(safe()).pipe(stringify());
}
