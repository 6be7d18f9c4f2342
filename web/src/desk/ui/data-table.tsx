/**
 * The desk's one table for its lists (docs/product/desk.md §10.10): a caption or a heading names it, headers say
 * their scope, numbers line up on the right, and on a phone it fits, scrolls in its own box or stacks.
 */
import { type ReactNode, useId } from 'react';

export interface DataColumn<Row> {
  /** The header's text; also the column's key, so unique within its table. */
  readonly header: string;
  /** The header is read by screen readers only (a column of buttons needs no visible title). */
  readonly hideHeader?: boolean;
  readonly cell: (row: Row) => ReactNode;
  /** The cell that names its row: a `th scope="row"`, which screen readers announce with each cell. */
  readonly rowHeader?: boolean;
  /** Numbers: right-aligned in tabular figures, so the digits of the rows line up. */
  readonly numeric?: boolean;
  /** Stacked on a phone, the cell starts with its header: the header row is hidden there. */
  readonly labelWhenStacked?: boolean;
  /** Classes of the header and the cells (print spacing). */
  readonly className?: string;
  /** Classes of the cells only (a font, an alignment). */
  readonly cellClassName?: string;
}

/** Named by its own caption, or by a heading already on the screen (never both: one name is read). */
type TableName =
  | { readonly caption: string; readonly captionVisible?: boolean; readonly labelledBy?: undefined }
  | { readonly labelledBy: string; readonly caption?: undefined; readonly captionVisible?: undefined };

export type DataTableProps<Row> = TableName & {
  readonly columns: readonly DataColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** Said in the table's place when there are no rows; without it, the headers stand alone. */
  readonly empty?: ReactNode;
  /**
   * On a phone: 'fit' (few, narrow columns), 'scroll' (a box of its own scrolls sideways, the page does
   * not) or 'stack' (each row a block of its cells, for columns that cannot fit side by side).
   */
  readonly phone?: 'fit' | 'scroll' | 'stack';
  readonly density?: 'tight' | 'snug' | 'roomy';
  /** Spacing around the table (or its empty message), e.g. a margin. */
  readonly className?: string;
};

const PADDING = { tight: 'py-1', snug: 'py-1.5', roomy: 'py-2' } as const;

// Stacked cells drop the gap desk.css keeps between columns side by side: they sit under each other.
const STACKED_CELL = 'max-sm:block max-sm:py-1 max-sm:pl-0';

export function DataTable<Row>({
  caption,
  captionVisible = false,
  labelledBy,
  columns,
  rows,
  rowKey,
  empty,
  phone = 'fit',
  density = 'roomy',
  className = '',
}: DataTableProps<Row>) {
  const captionId = useId();
  if (rows.length === 0 && empty !== undefined) {
    return <p className={`${className} text-sm text-muted`}>{empty}</p>;
  }
  const stack = phone === 'stack';
  const padding = PADDING[density];
  // A column's header, a row's header cell, or a data cell.
  const cellClass = (column: DataColumn<Row>, part: 'column' | 'row' | 'cell') =>
    [
      padding,
      column.numeric ? 'text-right tabular-nums' : 'text-left',
      column.numeric && stack ? 'max-sm:text-left' : '',
      stack ? STACKED_CELL : '',
      part === 'cell' ? '' : 'font-medium',
      column.className ?? '',
      part === 'column' ? '' : (column.cellClassName ?? ''),
    ]
      .filter(Boolean)
      .join(' ');

  const table = (
    <table
      className={`w-full text-sm ${stack ? 'max-sm:block' : ''} ${phone === 'scroll' ? '' : className}`}
      aria-labelledby={labelledBy}
    >
      {caption !== undefined ? (
        <caption id={captionId} className={captionVisible ? 'pb-2 text-left font-medium' : 'sr-only'}>
          {caption}
        </caption>
      ) : null}
      <thead className={stack ? 'max-sm:sr-only' : undefined}>
        <tr className="border-b border-line text-muted">
          {columns.map((column) => (
            <th key={column.header} scope="col" className={cellClass(column, 'column')}>
              {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={stack ? 'max-sm:block' : undefined}>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={`border-b border-line/60 align-baseline last:border-0 ${stack ? 'max-sm:block max-sm:py-3' : ''}`}
          >
            {columns.map((column) => {
              const content = (
                <>
                  {stack && column.labelWhenStacked ? (
                    <span className="sm:sr-only">{`${column.header} `}</span>
                  ) : null}
                  {column.cell(row)}
                </>
              );
              return column.rowHeader ? (
                <th key={column.header} scope="row" className={cellClass(column, 'row')}>
                  {content}
                </th>
              ) : (
                <td key={column.header} className={cellClass(column, 'cell')}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (phone !== 'scroll') return table;
  // A focusable, named box: keyboard users can scroll it too (WCAG 2.1.1), and it says what it holds.
  return (
    <section
      aria-labelledby={labelledBy ?? captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls takes focus to be scrolled by keys.
      tabIndex={0}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-wine ${className}`}
    >
      {table}
    </section>
  );
}
