// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_BIRD_TEXTS, EarlyBirdBanner } from './early-bird-banner';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

afterEach(() => {
  delete window.__SOLAS_EARLY_BIRD__;
});

describe('the early-bird banner', () => {
  it('is prerendered with the neutral words, then hydrates without a mismatch into the live terms', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    window.__SOLAS_EARLY_BIRD__ = { percent: 12, minPieces: 25, until: '2026-12-20', lastDay: '20 December' };
    const container = document.createElement('div');
    container.innerHTML = renderToString(<EarlyBirdBanner />);
    document.body.append(container);
    expect(container.textContent).toContain(EARLY_BIRD_TEXTS.neutral);
    expect(container.textContent).not.toContain('12%');

    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <EarlyBirdBanner />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toContain(
      '12% off orders of 25+ pieces placed until 20 December, applied in the cart automatically.',
    );
    expect(container.textContent).toContain(EARLY_BIRD_TEXTS.christmas);
    container.remove();
  });

  it('says there is no early-bird price now, keeping the neutral words’ and the second line’s room hidden', () => {
    window.__SOLAS_EARLY_BIRD__ = null;
    render(<EarlyBirdBanner />);
    expect(screen.getByText(EARLY_BIRD_TEXTS.none)).toBeVisible();
    expect(screen.getByText(EARLY_BIRD_TEXTS.neutral)).toHaveClass('invisible');
    expect(screen.getByText(EARLY_BIRD_TEXTS.christmas)).toHaveClass('invisible');
  });

  it('keeps the neutral words when the server did not say', () => {
    window.__SOLAS_EARLY_BIRD__ = { percent: 'lots' };
    render(<EarlyBirdBanner />);
    expect(screen.getByText(EARLY_BIRD_TEXTS.neutral)).toBeInTheDocument();
  });
});
