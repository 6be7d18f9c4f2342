// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { preloadOnIntent } from './preload-on-intent';

function setup() {
  const load = vi.fn();
  render(
    <>
      <button type="button">Before</button>
      <button type="button" {...preloadOnIntent(load)}>
        Zoom
      </button>
    </>,
  );
  return { load, button: screen.getByRole('button', { name: 'Zoom' }) };
}

describe('preloadOnIntent', () => {
  it('loads when a mouse rests on the control, not when a touch pointer enters it', async () => {
    const { load, button } = setup();
    const user = userEvent.setup();
    await user.pointer({ keys: '[TouchA>]', target: button });
    expect(load).not.toHaveBeenCalled();
    await user.hover(button);
    expect(load).toHaveBeenCalledTimes(1);
  });

  // The focus a tap gives is not :focus-visible in a browser, but jsdom matches :focus-visible on any focus,
  // so that half of a tap is checked in Chromium: bench:inp's smoke taps the zoom button in `npm test`.
  it('loads when the keyboard brings focus to the control', async () => {
    const { load, button } = setup();
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(button).toHaveFocus();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
