import type { ReactNode } from 'react';
import { Pager } from './pager';

/** One column of a console list: its heading and what each row shows under it. */
export interface Column<Row> {
  heading: string;
  cell: (row: Row) => ReactNode;
}

interface PagedTableProps<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  page: number;
  pages: number;
  onGo: (page: number) => void;
}

/** The pages a list of `total` rows fills at `pageSize` a page: at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A console list: a table that scrolls sideways on a phone, with the pager under it. */
export function PagedTable<Row>({ columns, rows, rowKey, page, pages, onGo }: PagedTableProps<Row>) {
  return (
    <>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.heading} scope="col">
                  {column.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.heading}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onGo={onGo} />
    </>
  );
}
