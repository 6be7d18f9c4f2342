// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HashRouter } from '../../app/router';
import { TEST_PLAN } from './checkout-test-plan';
import { CheckoutTestPlanPage } from './checkout-test-plan-page';

function renderPage() {
  return render(
    <HashRouter>
      <CheckoutTestPlanPage />
    </HashRouter>,
  );
}

describe('CheckoutTestPlanPage', () => {
  it('covers the areas a release needs, with the shop numbers and messages', () => {
    expect(TEST_PLAN.map((s) => s.title)).toEqual([
      'Browsing',
      'Cart',
      'E-mail validation',
      'Test checkout fields',
      'Payment: success, decline, cancel',
      'E-mails',
      'Mobile (360-390 px wide)',
    ]);
    const all = TEST_PLAN.flatMap((s) => s.items).join('\n');
    for (const needle of [
      '4242 4242 4242 4242',
      '4000 0000 0000 0002',
      'Payment Cancelled',
      'Please enter a valid email address',
      'Email must be less than 255 characters',
      '€4.95',
      '€40.00',
      '€3.50',
      '.eml',
      'DATA_DIR/outbox',
      "'Proceed to Payment'",
    ]) {
      expect(all).toContain(needle);
    }
  });

  it('ticks items and copies the list as plain text with the ticks', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(TEST_PLAN.reduce((n, s) => n + s.items.length, 0));
    await user.click(boxes[0] as HTMLElement);
    expect(screen.getByText(`1 of ${boxes.length} checked`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy checklist' }));
    const text = String((writeText.mock.calls[0] as unknown[] | undefined)?.[0]);
    expect(text.split('\n')[0]).toBe('Solas checkout test plan');
    expect(text).toContain(`[x] ${TEST_PLAN[0]?.items[0]}`);
    expect(text).toContain(`[ ] ${TEST_PLAN[0]?.items[1]}`);
    expect(screen.getByRole('status')).toHaveTextContent('Checklist copied to clipboard.');
    await user.click(screen.getByRole('button', { name: 'Untick all' }));
    expect(screen.getByText(`0 of ${boxes.length} checked`)).toBeInTheDocument();
  });

  it('prints with the browser print dialog', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
