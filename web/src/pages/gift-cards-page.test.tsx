// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GIFT_CARD_MESSAGES } from '../../../domain/gift-cards/gift-cards';
import { giftCardBag } from '../features/gift-cards/gift-card-bag';
import { GiftCardBagLines } from '../features/gift-cards/gift-card-bag-lines';
import { HashRouter } from '../lib/router';
import { GiftCardsPage } from './gift-cards-page';

function renderPage() {
  return render(
    <HashRouter>
      <GiftCardsPage />
      <GiftCardBagLines />
    </HashRouter>,
  );
}

beforeEach(() => {
  giftCardBag.dispatch({ type: 'clear' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  giftCardBag.dispatch({ type: 'clear' });
});

describe('the Gift cards page', () => {
  it('keeps what a shopper typed and picked in the prerendered page before it hydrated', async () => {
    const page = (
      <HashRouter>
        <GiftCardsPage />
      </HashRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // Typed on a slow phone: no React yet to hear it.
    const typed = (label: string, value: string) => {
      const id = [...container.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor;
      const element = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[id="${id}"]`);
      if (!element) throw new Error(`no field ${label}`);
      element.value = value;
    };
    typed('Recipient’s name', 'Niamh Kelly');
    typed('Recipient’s email', 'niamh@example.ie');
    typed('Message (optional)', 'Happy Christmas!');
    typed('Gift card code', 'ABCD-EFGH-JKMN-PQRS');
    const hundred = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
      (r) => r.parentElement?.textContent === '€100',
    );
    if (hundred) hundred.checked = true;
    const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const before = global.IS_REACT_ACT_ENVIRONMENT;
    global.IS_REACT_ACT_ENVIRONMENT = true;
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) }),
    );
    expect(errors).toEqual([]);
    expect(screen.getByLabelText('Recipient’s name')).toHaveValue('Niamh Kelly');
    expect(screen.getByLabelText('Gift card code')).toHaveValue('ABCD-EFGH-JKMN-PQRS');
    expect(screen.getByText('16 of 200 characters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check balance' })).toBeEnabled();
    // The state holds it too: adding to the bag sends what was typed before hydration.
    await act(async () => {
      screen.getByRole('button', { name: 'Add to bag' }).click();
    });
    expect(giftCardBag.getSnapshot()).toEqual([
      expect.objectContaining({
        amount: 10000,
        recipientName: 'Niamh Kelly',
        recipientEmail: 'niamh@example.ie',
        message: 'Happy Christmas!',
      }),
    ]);
    act(() => root.unmount());
    container.remove();
    global.IS_REACT_ACT_ENVIRONMENT = before;
  });

  it('puts a €50 card for someone into the bag as its own line, which the cart shows and removes', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('radio', { name: '€50' }));
    await user.type(screen.getByLabelText('Recipient’s name'), 'Niamh');
    await user.type(screen.getByLabelText('Recipient’s email'), 'niamh@example.ie');
    await user.type(screen.getByLabelText('Message (optional)'), 'Happy Christmas!');
    await user.click(screen.getByRole('button', { name: 'Add to bag' }));
    expect(screen.getByText(/€50\.00 gift card for Niamh added to your bag\./)).toBeTruthy();
    expect(giftCardBag.getSnapshot()).toEqual([
      expect.objectContaining({
        amount: 5000,
        recipientName: 'Niamh',
        recipientEmail: 'niamh@example.ie',
        message: 'Happy Christmas!',
        sendOn: '',
      }),
    ]);
    const lines = screen.getByRole('region', { name: 'Gift cards' });
    expect(within(lines).getByText('€50.00 gift card for Niamh')).toBeTruthy();
    expect(within(lines).getByText(/E-mailed to niamh@example.ie today/)).toBeTruthy();
    await user.click(within(lines).getByRole('button', { name: 'Remove €50.00 gift card for Niamh' }));
    expect(giftCardBag.getSnapshot()).toEqual([]);
  });

  it('names each wrong field and adds nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('radio', { name: 'Another amount' }));
    await user.type(screen.getByLabelText('Amount in euro (10 to 500)'), '501');
    await user.type(screen.getByLabelText('Recipient’s email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add to bag' }));
    expect(screen.getByText(GIFT_CARD_MESSAGES.amount)).toBeTruthy();
    expect(screen.getByText(GIFT_CARD_MESSAGES.recipientName)).toBeTruthy();
    expect(screen.getByText(GIFT_CARD_MESSAGES.recipientEmail)).toBeTruthy();
    expect(screen.getByLabelText('Recipient’s email').getAttribute('aria-invalid')).toBe('true');
    expect(giftCardBag.getSnapshot()).toEqual([]);
  });

  it('checks a balance: the balance and expiry, or the one answer for an invalid code', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { code: string };
        asked.push(body);
        return body.code === 'ABCD-2345-EFGH-6789'
          ? new Response(
              JSON.stringify({
                ok: true,
                balance: 2000,
                currency: 'EUR',
                expiresOn: '2031-11-27',
                last4: '6789',
              }),
            )
          : new Response(JSON.stringify({ ok: false, error: GIFT_CARD_MESSAGES.invalidCode }), {
              status: 404,
            });
      }),
    );
    renderPage();
    const code = screen.getByLabelText('Gift card code');
    await user.type(code, 'ABCD-2345-EFGH-6789');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByText('Balance: €20.00, valid until 27 November 2031.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, 'WXYZ-2345-EFGH-6789');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByText(GIFT_CARD_MESSAGES.invalidCode)).toBeTruthy();
    expect(asked).toEqual([{ code: 'ABCD-2345-EFGH-6789' }, { code: 'WXYZ-2345-EFGH-6789' }]);
  });
});
