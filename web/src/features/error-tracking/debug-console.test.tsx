// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DebugConsole } from './debug-console';
import { getErrorLog, logError, resetErrorLogCacheForTests } from './error-log';

beforeEach(() => {
  localStorage.clear();
  resetErrorLogCacheForTests();
});

describe('DebugConsole', () => {
  it("says 'No errors logged yet' when the log is empty", () => {
    render(<DebugConsole onClose={() => {}} />);
    expect(screen.getByText('No errors logged yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear log' })).toBeDisabled();
  });

  it('shows entries newest first, live, with expandable details, and clears them', async () => {
    const user = userEvent.setup();
    logError({ type: 'error', message: 'First failure', stack: 'Error: First failure\n  at here' });
    render(<DebugConsole onClose={() => {}} />);
    act(() => {
      logError({
        type: 'network',
        message: 'HTTP 404: GET /api/x',
        endpoint: '/api/x',
        status: 404,
        duration: 12,
      });
    });
    const region = screen.getByRole('region', { name: 'Debug console' });
    expect(within(region).getByText('2 entries')).toBeInTheDocument();
    const items = within(region).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('HTTP 404: GET /api/x');
    expect(items[1]).toHaveTextContent('First failure');

    const details = items[1]?.querySelector('details');
    expect(details).not.toHaveAttribute('open');
    await user.click(within(items[1] as HTMLElement).getByText('First failure'));
    expect(details).toHaveAttribute('open');
    expect(within(items[1] as HTMLElement).getByText(/at here/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Clear log' }));
    expect(screen.getByText('No errors logged yet')).toBeInTheDocument();
    expect(getErrorLog()).toEqual([]);
  });
});
