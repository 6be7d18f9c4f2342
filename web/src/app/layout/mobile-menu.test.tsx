// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HashRouter } from '../../lib/router';
import { MobileMenu } from './mobile-menu';
import { MobileMenuAlt } from './mobile-menu-alt';

// The alternative menu's <dialog> is always in the page (jsdom has no showModal): it is rendered closed.
describe.each([
  ['default', MobileMenu, true],
  ['alternative (mobile_nav)', MobileMenuAlt, false],
])('%s mobile menu', (_name, Menu, open) => {
  it('links Find your order, for a shopper who lost the confirmation e-mail', () => {
    render(
      <HashRouter>
        <Menu open={open} onOpenChange={() => {}} />
      </HashRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Mobile', hidden: true });
    expect(within(nav).getByRole('link', { name: 'Find your order', hidden: true })).toHaveAttribute(
      'href',
      '#/order',
    );
  });
});
