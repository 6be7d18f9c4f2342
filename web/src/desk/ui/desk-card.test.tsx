// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeskCard, FactList, HistoryCard, RecordList, RecordRow, SaveStatus } from './desk-card';

describe('DeskCard and FactList', () => {
  it('is a region named by its heading, listing each label with its value', () => {
    render(
      <DeskCard id="facts" title="Details">
        <FactList
          facts={[
            ['E-mail', 'aoife@example.ie'],
            ['Orders', '2 (€60.00 spent)'],
          ]}
        />
      </DeskCard>,
    );
    const card = screen.getByRole('region', { name: 'Details' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Details' })).toBeInTheDocument();
    const terms = within(card)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(card)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['E-mail', 'Orders']);
    expect(values).toEqual(['aoife@example.ie', '2 (€60.00 spent)']);
  });
});

describe('HistoryCard', () => {
  it('lists its items, or says there are none', () => {
    const { rerender } = render(
      <HistoryCard id="orders" title="Orders" empty="No orders.">
        {[<li key="a">SOL-1001</li>, <li key="b">SOL-1002</li>]}
      </HistoryCard>,
    );
    const card = screen.getByRole('region', { name: 'Orders' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SOL-1001', 'SOL-1002']);
    expect(within(card).queryByText('No orders.')).not.toBeInTheDocument();

    rerender(
      <HistoryCard id="orders" title="Orders" empty="No orders.">
        {[]}
      </HistoryCard>,
    );
    expect(
      within(screen.getByRole('region', { name: 'Orders' })).getByText('No orders.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('RecordList and RecordRow', () => {
  it('is a named list of rows, each a link to its record', () => {
    render(
      <RecordList label="Customers">
        <RecordRow href="/admin/customers/a" columns="md:grid-cols-[2fr_1fr]">
          <span>Aoife</span>
          <span>2 orders</span>
        </RecordRow>
        <RecordRow href="/admin/customers/b" columns="md:grid-cols-[2fr_1fr]">
          <span>Brian</span>
          <span>no order</span>
        </RecordRow>
      </RecordList>,
    );
    const list = screen.getByRole('list', { name: 'Customers' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Aoife2 orders', '/admin/customers/a'],
      ['Brianno order', '/admin/customers/b'],
    ]);
    expect(links[0]).toHaveClass('grid', 'md:grid-cols-[2fr_1fr]');
  });
});

describe('SaveStatus', () => {
  it('says it is saving while busy, then what was saved, and shows a refusal as an alert', () => {
    const { rerender } = render(<SaveStatus busy label="Save note" saved={null} error={null} />);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('');

    rerender(<SaveStatus busy={false} label="Save note" saved="Note saved." error={null} />);
    expect(screen.getByRole('button', { name: 'Save note' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('Note saved.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    rerender(<SaveStatus busy={false} label="Save note" saved={null} error="The note is too long." />);
    expect(screen.getByRole('alert')).toHaveTextContent('The note is too long.');
  });
});
