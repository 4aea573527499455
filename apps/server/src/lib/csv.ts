import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';

export type CsvCell = string | number | boolean | null;

/**
 * A cell a spreadsheet would run as a formula (OWASP CSV injection): one starting with = + - @, a tab or a line break.
 * Papa's own `escapeFormulae: true` pattern ends in `.*$` without the s flag, so a cell with a line break in it slips
 * through; this one looks only at the first character. A negative number as the reports show it ("-75.0%", "-$12.50",
 * "-£3.00") is not a formula and stays as shown (issue 21: a report's CSV is exactly its table).
 */
const FORMULA_START = /^(?!-[$£€]?\d[\d,]*(?:\.\d+)?%?$)[=+\-@\t\r\n]/;

/** RFC 4180 text (CRLF, quotes where needed), each text cell that could start a formula prefixed with '. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse({ fields: [...header], data: rows.map((r) => r.map((c) => (c === null ? '' : c))) }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

/** A file name of letters, digits, dots, dashes and underscores only (it goes into a header). */
export const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export.csv';

/**
 * Sends CSV text as a download named `fileName`. A byte-order mark first, so that Excel reads the UTF-8 (names with
 * accents) as UTF-8.
 */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${safeFileName(fileName)}"`)
    .header('Cache-Control', 'no-store')
    .send(`\uFEFF${csv}`);
}

/** toCsv's rows without the header line (a streamed export's later batches), each line ended by CRLF. */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  const text = Papa.unparse(
    { fields: [], data: rows.map((r) => r.map((c) => (c === null ? '' : c))) },
    { header: false, escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  return `${text}\r\n`;
}

/**
 * Streams CSV text, made a batch at a time, as a download named `fileName` (the whole of a large export without
 * holding it in memory). The byte-order mark as sendCsv's.
 */
export function streamCsv(reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>): FastifyReply {
  async function* withBom() {
    yield '\uFEFF';
    for await (const chunk of chunks) if (chunk) yield chunk;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${safeFileName(fileName)}"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(withBom()));
}
