import { once } from 'node:events';
import type { Response } from 'express';

/** A CSV file's columns: each one's heading and how a row gives its cell. */
export type CsvColumns<Row> = readonly (readonly [heading: string, cellOf: (row: Row) => string | number | boolean | null | undefined])[];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. A
 * text that a spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage
 * return: OWASP's "CSV injection") is prefixed with a quote mark, so a customer named
 * `=HYPERLINK(…)` stays a name when an admin opens the export. Numbers are written as they are.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated as RFC 4180 says. */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Streams a CSV download: the heading line, then each batch of rows as `batches` reads it (a batch
 * at a time, so a table of any size is never held in memory), waiting for the client whenever the
 * socket's buffer is full. A client that goes away stops the reading at the next batch. A failure
 * before the first byte is thrown (the caller's error answer); after it, the download is cut short
 * (a truncated file, never a file that looks whole).
 */
export async function streamCsv<Row>(res: Response, fileName: string, columns: CsvColumns<Row>, batches: AsyncIterable<readonly Row[]>): Promise<void> {
  const iterator = batches[Symbol.asyncIterator]();
  // The first batch is read before the head is written: a failing query still gets a proper error answer.
  let next = await iterator.next();
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  // A UTF-8 byte order mark: spreadsheets then read names in any script correctly.
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  try {
    if (!write(res, `\uFEFF${csvLine(columns.map(([heading]) => heading))}`)) await drained(res, closed);
    while (!next.done && !res.destroyed) {
      const text = next.value.map((row) => csvLine(columns.map(([, cellOf]) => cellOf(row)))).join('');
      if (!write(res, text)) await drained(res, closed);
      if (res.destroyed) break;
      next = await iterator.next();
    }
    res.end();
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    await iterator.return?.();
  }
}

function write(res: Response, text: string): boolean {
  return text.length === 0 || res.write(text);
}

/** Waits until the socket takes more, or the client is gone. */
async function drained(res: Response, closed: Promise<void>): Promise<void> {
  await Promise.race([once(res, 'drain'), closed]);
}
