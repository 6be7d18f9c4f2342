// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataTable } from './data-table';

interface Line {
  readonly id: string;
  readonly name: string;
  readonly pieces: number;
}

const LINES: readonly Line[] = [
  { id: 'a', name: 'Amber Glow', pieces: 5 },
  { id: 'b', name: 'Sea Glass', pieces: 12 },
];

const COLUMNS: readonly DataColumn<Line>[] = [
  { header: 'Bracelet', rowHeader: true, cell: (l) => l.name },
  { header: 'Pieces', numeric: true, cell: (l) => l.pieces, cellClassName: 'font-semibold' },
  { header: 'Actions', hideHeader: true, cell: (l) => <button type="button">Edit {l.name}</button> },
];

describe('DataTable', () => {
  it('is named by its caption, with column headers, row headers and numbers on the right', () => {
    render(<DataTable caption="Pieces by bracelet" columns={COLUMNS} rows={LINES} rowKey={(l) => l.id} />);
    const table = screen.getByRole('table', { name: 'Pieces by bracelet' });
    expect(table.querySelector('caption')).toHaveClass('sr-only');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => [h.textContent, h.getAttribute('scope')])).toEqual([
      ['Bracelet', 'col'],
      ['Pieces', 'col'],
      ['Actions', 'col'],
    ]);
    // A column of buttons has a header for screen readers only.
    expect(within(headers[2] as HTMLElement).getByText('Actions')).toHaveClass('sr-only');
    expect(headers[1]).toHaveClass('text-right', 'tabular-nums');
    expect(headers[1]).not.toHaveClass('font-semibold');

    const sea = within(table).getByRole('row', { name: /Sea Glass/ });
    expect(within(sea).getByRole('rowheader')).toHaveAttribute('scope', 'row');
    const pieces = within(sea).getAllByRole('cell')[0];
    expect(pieces).toHaveTextContent('12');
    expect(pieces).toHaveClass('text-right', 'tabular-nums', 'font-semibold');
    expect(within(sea).getByRole('button', { name: 'Edit Sea Glass' })).toBeInTheDocument();
  });

  it('can show its caption, or take its name from a heading on the screen', () => {
    const { unmount } = render(
      <DataTable caption="Pieces" captionVisible columns={COLUMNS} rows={LINES} rowKey={(l) => l.id} />,
    );
    expect(screen.getByRole('table', { name: 'Pieces' }).querySelector('caption')).not.toHaveClass('sr-only');
    unmount();
    render(
      <section aria-labelledby="sold">
        <h2 id="sold">Best sellers</h2>
        <DataTable labelledBy="sold" columns={COLUMNS} rows={LINES} rowKey={(l) => l.id} />
      </section>,
    );
    const table = screen.getByRole('table', { name: 'Best sellers' });
    expect(table.querySelector('caption')).toBeNull();
  });

  it('says its empty message in its place when there are no rows, and stands with its headers without one', () => {
    const { unmount } = render(
      <DataTable
        caption="Pieces"
        columns={COLUMNS}
        rows={[]}
        rowKey={(l) => l.id}
        empty="Nothing sold yet."
        className="mt-3"
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing sold yet.')).toHaveClass('mt-3', 'text-muted');
    unmount();
    render(<DataTable caption="Pieces" columns={COLUMNS} rows={[]} rowKey={(l) => l.id} />);
    expect(within(screen.getByRole('table', { name: 'Pieces' })).getAllByRole('row')).toHaveLength(1);
  });

  it('stacks each row on a phone, cells that need it led by their header', () => {
    const columns: readonly DataColumn<Line>[] = [
      { header: 'Bracelet', rowHeader: true, cell: (l) => l.name },
      { header: 'Pieces', numeric: true, labelWhenStacked: true, cell: (l) => l.pieces },
    ];
    render(<DataTable caption="Pieces" phone="stack" columns={columns} rows={LINES} rowKey={(l) => l.id} />);
    const table = screen.getByRole('table', { name: 'Pieces' });
    expect(table).toHaveClass('max-sm:block');
    expect(table.querySelector('thead')).toHaveClass('max-sm:sr-only');
    const amber = within(table).getByRole('row', { name: /Amber Glow/ });
    const cell = within(amber).getByRole('cell');
    expect(cell).toHaveTextContent('Pieces 5');
    expect(cell).toHaveClass('max-sm:block', 'max-sm:text-left');
    expect(within(cell).getByText('Pieces')).toHaveClass('sm:sr-only');
  });

  it('scrolls sideways in a named box of its own that keys can reach', () => {
    render(
      <DataTable
        caption="Rows that need fixing"
        phone="scroll"
        columns={COLUMNS}
        rows={LINES}
        rowKey={(l) => l.id}
      />,
    );
    const box = screen.getByRole('region', { name: 'Rows that need fixing' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveClass('overflow-x-auto');
    expect(within(box).getByRole('table', { name: 'Rows that need fixing' })).toBeInTheDocument();
  });
});
