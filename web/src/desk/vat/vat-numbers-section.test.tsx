// @vitest-environment jsdom
/**
 * Numbers' VAT section by role and label: closed, it asks for nothing; opened, it shows the threshold's
 * notice, the quarter's OSS return (or that it is nil), the VIES statement and VAT3, with their CSV links.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type Recorded, stubDeskApi } from '../desk-test-fixtures';
import { currentPeriods, VatNumbersSection } from './vat-numbers-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the VAT section of Numbers', () => {
  it('names the quarter and the VAT3 period of a day', () => {
    expect(currentPeriods(new Date('2026-11-27T12:00:00Z'))).toEqual({
      quarter: '2026-Q4',
      period: '2026-11',
    });
    expect(currentPeriods(new Date('2026-12-27T12:00:00Z'))).toEqual({
      quarter: '2026-Q4',
      period: '2026-11',
    });
    expect(currentPeriods(new Date('2026-02-01T12:00:00Z'))).toEqual({
      quarter: '2026-Q1',
      period: '2026-01',
    });
  });

  it('asks for the papers when opened, and shows them with their CSV links', async () => {
    const requests = stubDeskApi(async (r: Recorded) => {
      const path = r.url.split('?')[0] ?? '';
      if (path === '/api/admin/vat/threshold')
        return json(200, {
          ok: true,
          thisYear: 850_000,
          lastYear: 0,
          threshold: 1_000_000,
          state: 'approaching',
          notice: 'Above 80%: register for OSS in ROS.',
        });
      if (path === '/api/admin/vat/oss')
        return json(200, {
          ok: true,
          rows: [{ country: 'DE', rate: 1900, taxable: 8907, vat: 1693 }],
          totals: { taxable: 8907, vat: 1693, nil: false },
        });
      if (path === '/api/admin/vat/vies') return json(200, { ok: true, rows: [], totals: { value: 0 } });
      if (path === '/api/admin/vat/vat3')
        return json(200, {
          ok: true,
          rows: [{ box: 'T1', label: 'VAT on sales', amount: 1981 }],
          totals: { t1: 1981, e1: 0 },
        });
      return undefined;
    });
    const user = userEvent.setup();
    render(<VatNumbersSection />);
    const section = screen.getByRole('region', { name: 'VAT' });
    expect(requests).toHaveLength(0);
    await user.click(within(section).getByText(/OSS return, VIES statement and VAT3/));
    expect(await within(section).findByRole('alert')).toHaveTextContent('register for OSS in ROS');
    const oss = await within(section).findByRole('table', { name: /OSS return/ });
    expect(within(oss).getByRole('rowheader', { name: 'DE' })).toBeInTheDocument();
    expect(within(oss).getByText('€16.93')).toBeInTheDocument();
    expect(within(section).getByText('No intra-Community supplies in this quarter.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Download the OSS return (CSV)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/admin\/vat\/oss\.csv\?quarter=\d{4}-Q[1-4]$/),
    );
    await waitFor(() => expect(requests.length).toBe(4));
  });
});
