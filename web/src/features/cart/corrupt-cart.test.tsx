// @vitest-environment jsdom
/**
 * Whatever an older version or a curious visitor left under the cart's storage key, the app starts with an
 * empty bag: the cart page, the header's cart control and the mini cart all say so, and the bag works.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSnapshot } from '../../../../domain/catalogue/seed';
import { STORAGE_KEYS } from '../../../../domain/config';
import { App } from '../../app/app';
import { stubResizeObserver } from '../../test-support/resize-observer';

beforeAll(stubResizeObserver);

beforeEach(() => {
  window.localStorage.clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  window.location.hash = '';
});

describe('a corrupt stored cart', () => {
  it.each(['{', 'null', '[{"id":"999","quantity":2}]', '[{"id":"1","quantity":-4}]', '"cart"'])(
    '%s: the page, the header and the mini cart show an empty bag that works',
    async (corrupt) => {
      const user = userEvent.setup();
      localStorage.setItem(STORAGE_KEYS.cart, corrupt);
      window.location.hash = '#/cart';
      render(<App catalogue={seedSnapshot()} />);
      expect(await screen.findByText('Your cart is empty', {}, { timeout: 10_000 })).toBeInTheDocument();
      const badge = within(screen.getByRole('banner')).getByRole('button', { name: /^Cart, / });
      expect(badge).toHaveAccessibleName('Cart, empty');
      await user.click(badge);
      const bag = await screen.findByRole('dialog', { name: 'Your bag' }, { timeout: 10_000 });
      expect(within(bag).getByText('Your bag is empty')).toBeInTheDocument();
    },
  );
});
