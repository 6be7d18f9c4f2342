// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeskApp } from '../desk-app';
import { goTo, json, stubDeskApi } from '../desk-test-fixtures';
import { adminProduct, productsServer } from './product-test-fixtures';
import { ProductsPage } from './products-page';

const THREE = [
  adminProduct({ id: '1', name: 'First Light', handle: 'first-light', position: 0 }),
  adminProduct({
    id: '2',
    name: 'Sea Glass',
    handle: 'sea-glass',
    position: 1,
    price: 4050,
    status: 'paused',
  }),
  adminProduct({
    id: '3',
    name: 'Amber Glow',
    handle: 'amber-glow',
    position: 2,
    images: [],
    status: 'retired',
  }),
];

beforeEach(() => {
  window.history.replaceState(null, '', '/admin');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const rows = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');

describe('the products list', () => {
  it('is a desk section with its own nav entry, showing each product with its thumbnail, price and status', async () => {
    productsServer(THREE);
    render(<DeskApp />);
    const nav = await screen.findByRole('navigation', { name: 'Desk' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Products' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(rows()).toHaveLength(3));

    const [first, second, third] = rows();
    expect(within(first as HTMLElement).getByRole('link', { name: 'First Light' })).toHaveAttribute(
      'href',
      '#/products/1',
    );
    // The first image's smallest rendition, decorative beside the product's name.
    const thumb = (first as HTMLElement).querySelector('img');
    expect(thumb).toHaveAttribute('src', '/img/product-1-1-320.webp');
    expect(thumb).toHaveAttribute('alt', '');
    expect(first).toHaveTextContent('€35.00');
    expect(first).toHaveTextContent('Active');
    expect(second).toHaveTextContent('€40.50');
    expect(second).toHaveTextContent('Paused');
    expect(third).toHaveTextContent('No photo');
    expect(third).toHaveTextContent('Retired');
    expect(screen.getByRole('link', { name: 'New product' })).toHaveAttribute('href', '#/products/new');
    expect(screen.getByRole('link', { name: 'Export products CSV' })).toHaveAttribute(
      'href',
      '/api/admin/products.csv',
    );
  });

  it('says which products a shopping channel will refuse, and why', async () => {
    productsServer([
      ...THREE.map((p) => ({ ...p, colour: '' })),
      adminProduct({
        id: '4',
        name: 'Tawny Strand',
        handle: 'tawny-strand',
        position: 3,
        colour: 'Brown/Gold',
      }),
      adminProduct({ id: '5', name: 'Bare', handle: 'bare', position: 4, colour: 'Pink', images: [] }),
    ]);
    render(<ProductsPage />);
    const channels = await screen.findByRole('region', { name: 'Shopping channels' });
    const items = within(channels).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'First Light (Google): No colour: Google’s free listings refuse jewellery without one.',
      'Sea Glass (Google): No colour: Google’s free listings refuse jewellery without one.',
      'Bare (Google, Meta, Pinterest): No photo: it is left out of the feeds until it has one.',
    ]);
    expect(within(channels).getByRole('link', { name: 'First Light' })).toHaveAttribute(
      'href',
      '#/products/1',
    );
  });

  it('says every channel takes every product once each has its colour and photo', async () => {
    productsServer(THREE.map((p) => ({ ...p, colour: 'Pink/Gold' })));
    render(<ProductsPage />);
    const channels = await screen.findByRole('region', { name: 'Shopping channels' });
    expect(channels).toHaveTextContent('Google, Meta and Pinterest take every product in the feeds.');
  });

  it('opens a product and the new-product form from their hash routes', async () => {
    productsServer(THREE);
    render(<DeskApp />);
    await screen.findByRole('navigation', { name: 'Desk' });
    goTo('#/products/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sea Glass' })).toBeInTheDocument();
    goTo('#/products/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New product' })).toBeInTheDocument();
  });

  it('filters by name, id or handle as the owner types, and hides reordering while searching', async () => {
    productsServer(THREE);
    const user = userEvent.setup();
    render(<ProductsPage />);
    const search = await screen.findByLabelText('Search products');
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.type(search, 'glass');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Sea Glass');
    expect(screen.queryByRole('button', { name: /Move up/ })).toBeNull();
    expect(screen.getByText(/1 of 3 products/)).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '3');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Amber Glow');

    await user.clear(search);
    await user.type(search, 'FIRST-LIGHT');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('First Light');

    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(screen.getByText('No products match this search.')).toBeInTheDocument();
  });
});

describe('reordering', () => {
  it('moves a product down with a PATCH of its position, keeps the focus on its button and says where it went', async () => {
    const server = productsServer(THREE);
    const user = userEvent.setup();
    render(<ProductsPage />);
    await waitFor(() => expect(rows()).toHaveLength(3));

    const down = screen.getByRole('button', { name: 'Move down: First Light' });
    down.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(rows()[1]).toHaveTextContent('First Light'));
    expect(rows()[0]).toHaveTextContent('Sea Glass');
    const patches = server.requests.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.url).toBe('/api/admin/products/1');
    expect(patches[0]?.body).toEqual({ position: 1 });
    expect(patches[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.getByRole('button', { name: 'Move down: First Light' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('First Light moved down to position 2 of 3.');

    // The first product cannot go further up: its button says so and stays where the focus can reach it.
    const up = screen.getByRole('button', { name: 'Move up: Sea Glass' });
    expect(up).toHaveAttribute('aria-disabled', 'true');
    await user.click(up);
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('swaps with the neighbour when the server sets the number without moving the others', async () => {
    const positions = new Map([
      ['1', 0],
      ['2', 1],
      ['3', 2],
    ]);
    const requests = stubDeskApi((r) => {
      if (r.method === 'GET')
        return json(200, {
          ok: true,
          products: THREE.map((p) => ({ ...p, position: positions.get(p.id) ?? 0 })),
        });
      const id = r.url.split('/').pop() ?? '';
      positions.set(id, (r.body as { position: number }).position);
      return json(200, {
        ok: true,
        product: { ...THREE.find((p) => p.id === id), position: positions.get(id) },
      });
    });
    const user = userEvent.setup();
    render(<ProductsPage />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Move up: Amber Glow' }));
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Amber Glow'));
    expect(rows()[2]).toHaveTextContent('Sea Glass');
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => [r.url, r.body])).toEqual([
      ['/api/admin/products/3', { position: 1 }],
      ['/api/admin/products/2', { position: 2 }],
    ]);
    expect(screen.getByRole('button', { name: 'Move up: Amber Glow' })).toHaveFocus();
  });
});

describe('CSV import', () => {
  const csvFile = (text: string) => new File([text], 'products.csv', { type: 'text/csv' });

  it('shows each bad row with its line, field and message, and says nothing was changed', async () => {
    const requests = stubDeskApi((r) => {
      if (r.url === '/api/admin/products') return json(200, { ok: true, products: THREE });
      return json(400, {
        ok: false,
        error: '2 rows have problems.',
        rows: [
          { line: 3, field: 'price', message: 'Enter a whole number of cents from 100 to 100000' },
          { line: 5, field: 'name', message: 'The name can be at most 80 characters' },
        ],
      });
    });
    const user = userEvent.setup();
    render(<ProductsPage />);
    await user.upload(
      screen.getByLabelText('CSV file to import'),
      csvFile('id,name,price\n1,First Light,abc\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const table = await screen.findByRole('table', { name: 'Rows that need fixing' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['3', 'price', 'Enter a whole number of cents from 100 to 100000'],
      ['5', 'name', 'The name can be at most 80 characters'],
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('2 rows have problems. Nothing was changed.');
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/admin/products.csv');
    expect(post?.headers['content-type']).toBe('text/csv');
    expect(post?.body).toBe('id,name,price\n1,First Light,abc\n');
  });

  it('says how many products were updated and shows the list as it is after the import', async () => {
    let imported = false;
    stubDeskApi((r) => {
      if (r.method === 'POST') {
        imported = true;
        return json(200, { ok: true, applied: 3 });
      }
      return json(200, {
        ok: true,
        products: imported ? THREE.map((p) => ({ ...p, price: p.price + 500 })) : THREE,
      });
    });
    const user = userEvent.setup();
    render(<ProductsPage />);
    await waitFor(() => expect(rows()[0]).toHaveTextContent('€35.00'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first.');
    await user.upload(screen.getByLabelText('CSV file to import'), csvFile('id,name,price\n'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('3 products updated.')).toBeInTheDocument();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('€40.00'));
  });
});
