import { describe, expect, it } from 'vitest';
import { exportFileName, exportSummary, readableExport } from './readable-export';

const EXPORT = {
  ok: true,
  email: 'ciara@example.ie',
  exportedAt: '2026-11-27T10:00:00.000Z',
  orders: [
    {
      reference: 'SOL-AB12CD34',
      giftWrap: 350,
      total: 7350,
      paidAt: '2026-11-20T10:00:00.000Z',
      lines: [{ name: 'First Light', unitPrice: 3500, quantity: 2, lineTotal: 7000 }],
    },
  ],
  emails: [],
  newsletter: null,
};

describe('the readable export', () => {
  it('keeps every value, with the shop’s words for keys and euros for cents', () => {
    expect(readableExport(EXPORT)).toEqual({
      'E-mail': 'ciara@example.ie',
      'Exported at': '2026-11-27T10:00:00.000Z',
      Orders: [
        {
          Reference: 'SOL-AB12CD34',
          'Gift wrap (EUR)': 3.5,
          'Total (EUR)': 73.5,
          'Paid at': '2026-11-20T10:00:00.000Z',
          Lines: [{ Name: 'First Light', 'Unit price (EUR)': 35, Quantity: 2, 'Line total (EUR)': 70 }],
        },
      ],
      'E-mails sent': [],
      Newsletter: null,
    });
  });

  it('names the file after the person and the day', () => {
    expect(exportFileName('Ciara.Walsh@Example.ie', '2026-11-27T10:00:00.000Z')).toBe(
      'personal-data-ciara-walsh-example-ie-2026-11-27',
    );
  });

  it('reads as plain lines: amounts in euros, times in Irish words, lists numbered', () => {
    const text = exportSummary(readableExport(EXPORT), 'Solas');
    expect(text).toContain('What Solas holds about ciara@example.ie');
    expect(text).toContain(
      'Orders:\n  1.\n    Reference: SOL-AB12CD34\n    Gift wrap: €3.50\n    Total: €73.50',
    );
    expect(text).toContain('Paid at: Friday 20 November 2026 at 10:00 (Irish time)');
    expect(text).toContain('      1.\n        Name: First Light\n        Unit price: €35.00');
    expect(text).toContain('E-mails sent: none');
    expect(text).toContain('Newsletter: none');
  });
});
