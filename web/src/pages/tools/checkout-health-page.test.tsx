// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TIMINGS_MS } from '../../../../domain/config';
import { HashRouter } from '../../lib/router';
import { CheckoutHealthPage } from './checkout-health-page';

function renderPage() {
  return render(
    <HashRouter>
      <CheckoutHealthPage />
    </HashRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CheckoutHealthPage', () => {
  it('shows empty states and a disabled Clear Stats without data', () => {
    renderPage();
    expect(screen.getByText('No successful checkout recorded.')).toBeInTheDocument();
    expect(screen.getByText('No checkout error recorded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Stats' })).toBeDisabled();
  });

  it(`picks up new data within ${TIMINGS_MS.checkoutHealthRefresh} ms (another tab writing directly)`, () => {
    vi.useFakeTimers();
    renderPage();
    localStorage.setItem(
      STORAGE_KEYS.lastCheckoutError,
      JSON.stringify({ code: 'NETWORK_ERROR', msg: 'Failed to fetch', time: '2026-11-21T09:30:00.000Z' }),
    );
    localStorage.setItem(STORAGE_KEYS.lastCheckoutSuccessAt, '2026-11-20T10:00:00.000Z');
    expect(screen.queryByText('NETWORK_ERROR')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TIMINGS_MS.checkoutHealthRefresh);
    });
    const error = screen.getByRole('region', { name: 'Last checkout error' });
    expect(within(error).getByText('NETWORK_ERROR')).toBeInTheDocument();
    expect(within(error).getByText('Failed to fetch')).toBeInTheDocument();
    expect(within(error).getByText(/21 Nov 2026/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Last successful checkout' })).getByText(/20 Nov 2026/),
    ).toBeInTheDocument();
  });

  it('Clear Stats asks first; Cancel keeps, confirming clears', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      STORAGE_KEYS.lastCheckoutError,
      JSON.stringify({
        code: 'CHECKOUT_SESSION_FAILED',
        msg: 'Server returned 500',
        time: '2026-11-21T09:30:00.000Z',
      }),
    );
    localStorage.setItem(STORAGE_KEYS.lastCheckoutSuccessAt, '2026-11-20T10:00:00.000Z');
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Clear Stats' }));
    // The dialog's code loads on first open.
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Clear checkout stats?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.getByText('CHECKOUT_SESSION_FAILED')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Last successful checkout' })).getByText(/20 Nov 2026/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Stats' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear Stats' }),
    );
    expect(screen.getByText('No checkout error recorded.')).toBeInTheDocument();
    expect(screen.getByText('No successful checkout recorded.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.lastCheckoutError)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastCheckoutSuccessAt)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Checkout stats cleared.');
  });
});
