// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Material } from '../../../../domain/materials/materials-api';
import { adminProduct } from '../catalogue/product-test-fixtures';
import { MaterialsPage } from './materials-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const CLASP: Material = {
  id: 'mat_clasp',
  name: 'Gold clasp',
  unit: 'piece',
  onHand: 5,
  reserved: 4,
  lowStock: 2,
  unitCost: 120,
  low: true,
};

describe("the desk's Materials", () => {
  it('lists the materials and records a purchase in cents, one key per submission', async () => {
    const user = userEvent.setup();
    const calls: { url: string; method: string; body: unknown; key: string | null }[] = [];
    let material = CLASP;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({
          url,
          method,
          body: init?.body ? JSON.parse(String(init.body)) : null,
          key: new Headers(init?.headers).get('Idempotency-Key'),
        });
        if (url === '/api/admin/materials') return json(200, { ok: true, materials: [material] });
        if (url === '/api/admin/materials/settings')
          return json(200, { ok: true, settings: { hourlyRate: 2000, packaging: 150, multiplier: 250 } });
        if (url === '/api/admin/products')
          return json(200, {
            ok: true,
            products: [adminProduct({ id: '1', name: 'First Light', status: 'paused' })],
          });
        if (url === '/api/admin/materials/mat_clasp/purchases') {
          material = { ...CLASP, onHand: 15, unitCost: 110, low: false };
          return json(201, { ok: true, material });
        }
        return json(404, { ok: false, error: 'Not found' });
      }),
    );
    render(<MaterialsPage />);
    const table = await screen.findByRole('table', { name: 'Materials' });
    const row = within(table).getByRole('rowheader', { name: 'Gold clasp' }).closest('tr');
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('2 (low)');
    expect(row).toHaveTextContent('€1.20');

    await user.click(within(row).getByRole('button', { name: 'Record a purchase of Gold clasp' }));
    await user.type(screen.getByLabelText('Quantity (piece)'), '10');
    await user.type(screen.getByLabelText('What it cost in all (€)'), '10.00');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    const purchase = calls.find((c) => c.url === '/api/admin/materials/mat_clasp/purchases');
    expect(purchase?.body).toEqual({ quantity: 10, cost: 1000 });
    expect(purchase?.key).toBeTruthy();
    expect(await screen.findByText('€1.10')).toBeTruthy();
    expect(screen.getByLabelText('Hourly rate (€)')).toHaveValue('20.00');
    expect(screen.getByRole('link', { name: 'First Light (paused)' })).toHaveAttribute(
      'href',
      '#/materials/product/1',
    );
  });
});
