import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/** Spreadsheet apps run cells starting with = + - @ as formulas; member text must stay text. */
export function safeCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = Array.isArray(value) ? value.join('; ') : String(value);
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s.]+$/.test(text))) return `'${text}`;
  return text;
}

/**
 * Streams a CSV download: the header, then each batch of rows as the database gives it, so a
 * large export never sits whole in memory. Cells are made formula-safe here.
 */
export function sendCsv(reply: FastifyReply, filename: string, header: string[], batches: AsyncIterable<unknown[][]>): FastifyReply {
  async function* rows() {
    yield header;
    for await (const batch of batches) for (const row of batch) yield row.map(safeCell);
  }
  const csv = Readable.from(rows()).pipe(stringify({ bom: true }));
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(csv);
}

/** Naira with two decimals and no separators, so a spreadsheet reads it as a number: 6050000 -> "60500.00". */
export function nairaCell(kobo: number): string {
  return (kobo / 100).toFixed(2);
}
