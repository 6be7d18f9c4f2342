// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HashRouter } from '../lib/router';
import { DebugPanels } from './debug-panels';
import { resetErrorLogCacheForTests } from './error-tracking/error-log';

function setUrl(url: string) {
  history.replaceState(null, '', url);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

beforeEach(() => {
  localStorage.clear();
  // A worker keeps modules from file to file (vitest.config.ts isolate: false): the log an earlier file
  // wrote to is still in memory.
  resetErrorLogCacheForTests();
  setUrl('/#/');
});

describe('DebugPanels', () => {
  it('renders nothing without the query parameters', () => {
    const { container } = render(
      <HashRouter>
        <DebugPanels />
      </HashRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the flag panel for ?flags=1 in the hash route, and closing drops the parameter', async () => {
    const user = userEvent.setup();
    setUrl('/#/shop?flags=1&q=pearl');
    render(
      <HashRouter>
        <DebugPanels />
      </HashRouter>,
    );
    expect(
      await screen.findByRole('region', { name: 'Feature flags' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Debug console' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close Feature flags' }));
    expect(window.location.hash).toBe('#/shop?q=pearl');
    expect(screen.queryByRole('region', { name: 'Feature flags' })).not.toBeInTheDocument();
  });

  it('shows the debug console for ?debug=1 in the real query string, and closing drops it', async () => {
    const user = userEvent.setup();
    setUrl('/?debug=1#/cart');
    render(
      <HashRouter>
        <DebugPanels />
      </HashRouter>,
    );
    expect(
      await screen.findByRole('region', { name: 'Debug console' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('No errors logged yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close Debug console' }));
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/cart');
    expect(screen.queryByRole('region', { name: 'Debug console' })).not.toBeInTheDocument();
  });

  it('shows both panels at once', async () => {
    setUrl('/?flags=1#/?debug=1');
    render(
      <HashRouter>
        <DebugPanels />
      </HashRouter>,
    );
    expect(
      await screen.findByRole('region', { name: 'Feature flags' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Debug console' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    act(() => setUrl('/#/'));
  });
});
