import type { ReactNode } from 'react';
import { Pager } from './pager';
import { TableScroll } from './table-scroll';

/** One column of a list: its heading and what each row shows under it. */
export interface Column<Row> {
  heading: string;
  /** Read by screen readers only (a column of buttons). */
  hideHeading?: boolean;
  cell: (row: Row) => ReactNode;
  className?: string;
}

interface DataTableProps<Row> {
  /** Names the table's scrolling region, which a keyboard reaches to scroll it sideways on a phone. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Names a row that has its own buttons, so each is told apart ("Retire" in the row "Film A"). */
  rowLabel?: (row: Row) => string;
  /** A list read a page at a time: the pager under the table. */
  pager?: { page: number; pages: number; onGo: (page: number) => void };
}

/** The pages a list of `total` rows fills at `pageSize` a page: at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A console list: a table that scrolls sideways on a phone, with the pager under it when the list comes in pages. */
export function DataTable<Row>({ label, columns, rows, rowKey, rowLabel, pager }: DataTableProps<Row>) {
  return (
    <>
      <TableScroll label={label}>
        <table className="table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.heading} scope="col">
                  {column.hideHeading ? <span className="visually-hidden">{column.heading}</span> : column.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} aria-label={rowLabel?.(row)}>
                {columns.map((column) => (
                  <td key={column.heading} className={column.className}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {pager && <Pager page={pager.page} pages={pager.pages} onGo={pager.onGo} />}
    </>
  );
}
