// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderVatAnswer } from '../../../../domain/vat/order-vat';
import { OrderVat } from './order-vat';

const VAT: OrderVatAnswer = {
  country: 'IE',
  lines: [{ rate: 2300, net: 5691, vat: 1309 }],
  totalNet: 5691,
  totalVat: 1309,
  scheme: 'domestic',
  invoiceNumber: '2026-000042',
};

describe("the desk's order VAT", () => {
  it('lists the credit notes with why and how much, each to download', () => {
    render(
      <OrderVat
        reference="SOL-A1B2C3D4"
        vat={{
          ...VAT,
          creditNotes: [
            {
              number: 'CN-2026-000007',
              issuedAt: '2026-12-01T10:00:00.000Z',
              reason: 'Clasp colour changed',
              total: 1000,
            },
            { number: 'CN-2026-000009', issuedAt: '2026-12-02T10:00:00.000Z', reason: null, total: 6000 },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Credit notes' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download credit note CN-2026-000007 (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/admin/orders/SOL-A1B2C3D4/credit-notes/CN-2026-000007.pdf');
    expect(screen.getByText(/€10\.00 · .* · Clasp colour changed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download credit note CN-2026-000009 (PDF)' })).toBeTruthy();
  });

  it('shows no credit notes heading for an order with none', () => {
    render(<OrderVat reference="SOL-A1B2C3D4" vat={VAT} />);
    expect(screen.queryByRole('heading', { name: 'Credit notes' })).toBeNull();
  });
});
