import Papa from 'papaparse';
import { ATHLETE_IMPORT_MAX_COLUMNS, ATHLETE_IMPORT_MAX_ROWS } from '@spotter/shared';
import { badRequest } from '../../lib/http-error';

export type CsvRow = { rowNumber: number; cells: string[] };
export type CsvFile = { headers: string[]; rows: CsvRow[] };

/**
 * The file's text: UTF-8 (its byte-order mark dropped), UTF-16 when it starts with that mark (Excel's "Unicode
 * text"), and Windows-1252 when it is not valid UTF-8 (older Excel's "CSV" on Windows).
 */
export function decodeCsv(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  const body = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * A member export read with papaparse (quoted commas and line breaks, CRLF or LF, the delimiter a spreadsheet chose):
 * the first non-blank record is the header; blank records are left out but keep their place in the numbering, so
 * row numbers are the ones a spreadsheet shows (the header is row 1 when it is the first line).
 */
export function readCsv(data: Buffer): CsvFile {
  const text = decodeCsv(data);
  if (text.includes('\u0000')) throw badRequest('This file is not a CSV file. Export your members as CSV and upload that file.', 'not_csv');
  // The delimiter is guessed without the blank lines (Papa's guess fails on a short file that ends in one), then the
  // file is read with them, so that they keep their row numbers.
  const { delimiter } = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy', preview: 50, delimitersToGuess: [',', ';', '\t', '|'] }).meta;
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) {
    throw badRequest(`The file could not be read as CSV: a quoted cell is not closed (record ${(broken.row ?? 0) + 1}).`, 'bad_csv');
  }
  const records = parsed.data;
  const headerIndex = records.findIndex((r) => !isBlank(r));
  if (headerIndex < 0) throw badRequest('The file is empty.', 'empty_file');
  const headerCells = records[headerIndex]!;
  if (headerCells.length > ATHLETE_IMPORT_MAX_COLUMNS) {
    throw badRequest(`The file has ${headerCells.length} columns; at most ${ATHLETE_IMPORT_MAX_COLUMNS} can be imported.`, 'too_many_columns');
  }
  const headers = headerCells.map((h, i) => h.trim() || `Column ${i + 1}`);
  const rows: CsvRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i]!;
    if (isBlank(record)) continue;
    const cells = headers.map((_, c) => record[c] ?? '');
    rows.push({ rowNumber: i + 1, cells });
    if (rows.length > ATHLETE_IMPORT_MAX_ROWS) {
      throw badRequest(`The file has more than ${ATHLETE_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into smaller files.`, 'too_many_rows');
    }
  }
  if (rows.length === 0) throw badRequest('The file has no rows below its header.', 'no_rows');
  return { headers, rows };
}
