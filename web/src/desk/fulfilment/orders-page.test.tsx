// @vitest-environment jsdom
/** The orders list's rows: who the order is for, said in words even when nobody is left to name. */
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, listResponse, orderDetail, stubDeskApi } from '../desk-test-fixtures';
import { OrdersPage } from './orders-page';

afterEach(() => vi.unstubAllGlobals());

describe('the orders list', () => {
  it('says an erased customer is erased, and a sale handed over has no customer, instead of a lone dot', async () => {
    const erased = orderDetail({ reference: 'SOL-ERASED01', name: null, email: '' });
    const handed = orderDetail({ reference: 'SOL-HANDED01', name: null, email: '' });
    const named = orderDetail({ reference: 'SOL-NAMED001' });
    const list = listResponse([erased, handed, named]);
    const orders = list.orders.map((o) =>
      o.reference === handed.reference ? { ...o, channel: 'handed_over' } : o,
    );
    stubDeskApi((r) => (r.url.startsWith('/api/admin/orders') ? json(200, { ...list, orders }) : undefined));
    render(<OrdersPage params={new URLSearchParams('status=all')} />);
    const rows = await screen.findAllByRole('link', { name: /SOL-/ });
    const row = (ref: string) => rows.find((r) => r.textContent?.includes(ref)) as HTMLElement;
    expect(within(row('SOL-ERASED01')).getByText('Customer details erased')).toBeInTheDocument();
    expect(within(row('SOL-HANDED01')).getByText('No customer details')).toBeInTheDocument();
    // The dot between a name and an address is drawn only between the two.
    for (const ref of ['SOL-ERASED01', 'SOL-HANDED01'])
      expect(row(ref).querySelector("[class*='before:content']")).toBeNull();
    expect(within(row('SOL-NAMED001')).getByText('aoife@example.ie').className).toContain('before:content');
  });
});

describe('the orders list and the VAT', () => {
  it('flags "Destination VAT due" in words on the orders the server flags, and on no other', async () => {
    const due = orderDetail({ reference: 'SOL-DUEVAT01' });
    const plain = orderDetail({ reference: 'SOL-PLAIN001' });
    const list = listResponse([due, plain]);
    const orders = list.orders.map((o) =>
      o.reference === due.reference ? { ...o, destinationVatDue: true } : o,
    );
    stubDeskApi((r) => (r.url.startsWith('/api/admin/orders') ? json(200, { ...list, orders }) : undefined));
    render(<OrdersPage params={new URLSearchParams('status=all')} />);
    const flagged = await screen.findByRole('link', { name: /SOL-DUEVAT01/ });
    // The link's name carries the flag, so a screen reader hears it with the order.
    expect(flagged).toHaveAccessibleName(/Destination VAT due/);
    expect(within(flagged).getByText('Destination VAT due')).toBeVisible();
    expect(screen.getByRole('link', { name: /SOL-PLAIN001/ })).not.toHaveAccessibleName(/VAT/);
  });
});
