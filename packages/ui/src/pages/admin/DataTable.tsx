import type { ReactNode } from 'react';
import { card } from '../../components/styles';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers line up on the right in the table. */
  numeric?: boolean;
  /** False: the table shows it, the cards leave it to their subtitle. */
  inCard?: boolean;
}

interface DataTableProps<T> {
  /** Names the table (and the card list on small screens). */
  caption: string;
  rows: T[];
  rowKey: (row: T) => string;
  /** The column that names a row: the table's row header, a card's title. */
  titleHeader: string;
  title: (row: T) => ReactNode;
  /** A line under a card's title (the table has columns for it). */
  cardSubtitle?: (row: T) => ReactNode;
  columns: Column<T>[];
  /** Buttons for a row; lists that only show (the audit log) have none. */
  actions?: (row: T) => ReactNode;
}

/**
 * A table on wide screens; below 1024 px the same rows as cards (label and value pairs), so nothing
 * scrolls sideways on a phone. Only one of the two is displayed at a time, so assistive technology
 * meets each row once.
 */
export function DataTable<T>({
  caption,
  rows,
  rowKey,
  titleHeader,
  title,
  cardSubtitle,
  columns,
  actions,
}: DataTableProps<T>) {
  const cardColumns = columns.filter((column) => column.inCard !== false);
  return (
    <>
      <div className={`${card} hidden overflow-x-auto lg:block`}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/40 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-3">
                {titleHeader}
              </th>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`px-4 py-3 whitespace-nowrap ${column.numeric ? 'text-right' : ''}`}
                >
                  {column.header}
                </th>
              ))}
              {actions && (
                <th scope="col" className="px-4 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="align-middle hover:bg-slate-50/70 dark:hover:bg-slate-800/30">
                <th scope="row" className="max-w-xs px-4 py-3 font-medium text-slate-900 dark:text-white">
                  {title(row)}
                </th>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={`px-4 py-3 text-slate-700 dark:text-slate-300 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                {actions && (
                  <td className="px-4 py-3">
                    <div className="flex flex-nowrap justify-end gap-2">{actions(row)}</div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={caption} className="grid gap-3 sm:grid-cols-2 lg:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className={`${card} flex min-w-0 flex-col p-4`}>
            <div className="min-w-0 font-semibold break-words text-slate-900 dark:text-white">{title(row)}</div>
            {cardSubtitle && (
              <div className="mt-1 min-w-0 text-sm text-slate-600 dark:text-slate-400">{cardSubtitle(row)}</div>
            )}
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              {cardColumns.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="text-slate-600 dark:text-slate-400">{column.header}</dt>
                  <dd className="min-w-0 break-words text-slate-800 dark:text-slate-200">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions && (
              <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
                {actions(row)}
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
