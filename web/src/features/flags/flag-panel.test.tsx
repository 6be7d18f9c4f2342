// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FLAG_NAMES } from '../../../../domain/config';
import { FlagPanel } from './flag-panel';
import { getFlag } from './flags';

beforeEach(() => {
  localStorage.clear();
  delete window.__SOLAS_ENV__;
});

describe('FlagPanel', () => {
  it('lists every flag with its value and source', () => {
    window.__SOLAS_ENV__ = { FLAG_HERO_V2: 'true' };
    localStorage.setItem('flag_mobile_nav', 'true');
    render(<FlagPanel onClose={() => {}} />);
    expect(screen.getByRole('region', { name: 'Feature flags' })).toBeInTheDocument();
    for (const name of FLAG_NAMES) expect(screen.getByRole('switch', { name })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'hero_v2' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'hero_v2' })).toHaveAccessibleDescription(
      /Source: server environment/,
    );
    expect(screen.getByRole('switch', { name: 'mobile_nav' })).toHaveAccessibleDescription(
      /this browser \(flag_mobile_nav\)/,
    );
    expect(screen.getByRole('switch', { name: 'content_purge' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'content_purge' })).toHaveAccessibleDescription(
      /Source: default/,
    );
  });

  it('toggles a flag: saved locally, applied at once, source updated', async () => {
    const user = userEvent.setup();
    render(<FlagPanel onClose={() => {}} />);
    const purge = screen.getByRole('switch', { name: 'content_purge' });
    await user.click(purge);
    expect(purge).toBeChecked();
    expect(getFlag('content_purge')).toBe(true);
    expect(localStorage.getItem('content_purge')).toBe('true');
    expect(purge).toHaveAccessibleDescription(/this browser \(content_purge\)/);
    await user.click(purge);
    expect(purge).not.toBeChecked();
  });

  it('Reset all asks for confirmation; Cancel keeps the flags, confirming clears them', async () => {
    const user = userEvent.setup();
    localStorage.setItem('hero_v2', 'true');
    render(<FlagPanel onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Reset all' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset all feature flags?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(getFlag('hero_v2')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Reset all' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset flags' }));
    expect(getFlag('hero_v2')).toBe(false);
    expect(screen.getByRole('switch', { name: 'hero_v2' })).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('All flags reset');
  });

  it('close and minimise work', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<FlagPanel onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: /Minimise/ }));
    expect(screen.queryByRole('switch', { name: 'hero_v3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Expand/ }));
    expect(screen.getByRole('switch', { name: 'hero_v3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close Feature flags' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
