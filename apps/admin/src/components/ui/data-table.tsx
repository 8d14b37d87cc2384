import { Fragment, type ReactNode } from 'react';
import { createColumnHelper, rowExpandingFeature, tableFeatures, useTable, type ColumnHelper, type RowData } from '@tanstack/react-table';

/** Every list of the back office uses the same features: rows may open to show their detail. */
export const listFeatures = tableFeatures({ rowExpandingFeature });
export type ListFeatures = typeof listFeatures;
type Identified = RowData & { id: string | number };
/** Columns as the helper's `columns([...])` makes them. */
export type ListColumns<T extends Identified> = ReturnType<ColumnHelper<ListFeatures, T>['columns']>;

export function listColumns<T extends Identified>() {
  return createColumnHelper<ListFeatures, T>();
}

/**
 * A list of rows (TanStack Table): a table on wider screens, a card per row (label and value) on a
 * phone. With `detail`, each row may be opened (a column calls `row.getToggleExpandedHandler()`) to
 * show a full-width panel below it.
 */
export function DataTable<T extends Identified>({
  columns,
  data,
  caption,
  empty,
  detail,
}: {
  columns: ListColumns<T>;
  data: T[];
  caption: string;
  empty: string;
  detail?: (row: T) => ReactNode;
}) {
  const table = useTable({
    features: listFeatures,
    columns,
    data,
    getRowId: (row) => String(row.id),
    getRowCanExpand: () => detail !== undefined,
  });
  const headerGroups = table.getHeaderGroups();
  const rows = table.getRowModel().rows;
  const width = headerGroups[0]?.headers.length ?? 1;
  return (
    <>
      {/* Phones: each row a card of label and value, so nothing hides off to the side. */}
      <ul className="space-y-3 sm:hidden" aria-label={caption}>
        {rows.length === 0 ? (
          <li className="rounded-lg border border-line bg-white px-4 py-8 text-center text-sm text-muted shadow-xs">{empty}</li>
        ) : (
          rows.map((row) => (
            <li
              key={row.id}
              data-testid="list-item"
              className={`rounded-lg border border-line bg-white p-4 text-sm shadow-xs ${row.getIsExpanded() ? 'ring-1 ring-brand' : ''}`}
            >
              <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-2">
                {row.getAllCells().map((cell, i) => {
                  const header = headerGroups[headerGroups.length - 1]?.headers[i];
                  return (
                    <Fragment key={cell.id}>
                      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
                        {header && !header.isPlaceholder ? <table.FlexRender header={header} /> : null}
                      </dt>
                      <dd className="min-w-0 wrap-anywhere">
                        <table.FlexRender cell={cell} />
                      </dd>
                    </Fragment>
                  );
                })}
              </dl>
              {detail && row.getIsExpanded() ? <div className="mt-3 border-t border-line pt-3">{detail(row.original)}</div> : null}
            </li>
          ))
        )}
      </ul>
      <div className="relative overflow-x-auto rounded-lg border border-line bg-white shadow-xs max-sm:hidden">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line bg-neutral-50 text-xs font-semibold tracking-wide text-muted uppercase">
            {headerGroups.map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2.5 whitespace-nowrap">
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-line">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={width} className="px-3 py-8 text-center text-muted">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <Fragment key={row.id}>
                  <tr data-testid="list-item" className={row.getIsExpanded() ? 'bg-brand-soft/40' : undefined}>
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className="px-3 py-2.5 align-top">
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                  {detail && row.getIsExpanded() ? (
                    <tr>
                      <td colSpan={width} className="bg-neutral-50 px-3 py-3">
                        {/* Pinned to the scroller's left edge and as wide as a phone's screen, so the detail never hides off to the side. */}
                        <div className="sticky left-3 max-w-[calc(100vw-3.5rem)] lg:max-w-none">{detail(row.original)}</div>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
