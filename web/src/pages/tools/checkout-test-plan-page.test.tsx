// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { priceOrder } from '../../../../domain/cart/pricing';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_ZONES, type ZoneId } from '../../../../domain/config';
import { type Cents, cents, formatEuro } from '../../../../domain/shared/money';
import { HashRouter } from '../../lib/router';
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
      '.eml',
      'DATA_DIR/outbox',
      "'Proceed to Payment'",
    ]) {
      expect(all).toContain(needle);
    }
  });

  it('quotes the delivery, free-delivery and gift-wrap prices the shop charges', () => {
    const cart = TEST_PLAN.find((s) => s.id === 'cart')?.items.join('\n') ?? '';
    const threshold = FREE_SHIPPING_THRESHOLD;
    const justBelow = cents(threshold - 1);
    // What checkout charges for one line at the given subtotal, in a zone, with or without gift wrap.
    const charged = (zone: ZoneId, subtotal: Cents, giftWrap = false) =>
      priceOrder([{ id: '1', name: 'Any', unitPrice: subtotal, quantity: 1 }], zone, giftWrap);

    expect(charged('IE', threshold).shipping).toBe(0);
    expect(cart).toContain(
      `Delivery: ${SHIPPING_ZONES.IE.label} ${formatEuro(charged('IE', justBelow).shipping)} below ${formatEuro(threshold)} and free from ${formatEuro(threshold)}; ` +
        `${SHIPPING_ZONES.EU.label} ${formatEuro(charged('EU', threshold).shipping)}; ` +
        `${SHIPPING_ZONES.WORLD.label} ${formatEuro(charged('WORLD', threshold).shipping)}.`,
    );
    expect(cart).toContain(`Below ${formatEuro(threshold)} the mini cart says`);
    expect(cart).toContain(`Gift wrap adds ${formatEuro(charged('IE', threshold, true).giftWrap)};`);
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
