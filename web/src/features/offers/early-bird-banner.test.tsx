// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateForTest } from '../../test-support/hydrate';
import { EARLY_BIRD_TEXTS, EarlyBirdOffer } from './early-bird-banner';

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
    container.innerHTML = renderToString(<EarlyBirdOffer />);
    document.body.append(container);
    expect(container.textContent).toContain(EARLY_BIRD_TEXTS.neutral);
    expect(container.textContent).not.toContain('12%');

    const errors: unknown[] = [];
    await act(async () => {
      hydrateForTest(container, <EarlyBirdOffer />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toContain(
      '12% off orders of 25+ pieces placed until 20 December, applied in the cart automatically.',
    );
    expect(container.textContent).toContain(EARLY_BIRD_TEXTS.christmas);
    container.remove();
  });

  it('shows no box at all when there is no early-bird price now', () => {
    window.__SOLAS_EARLY_BIRD__ = null;
    render(<EarlyBirdOffer />);
    expect(screen.queryByRole('complementary', { name: EARLY_BIRD_TEXTS.heading })).not.toBeInTheDocument();
    expect(screen.queryByText(/early-bird price/)).not.toBeInTheDocument();
    expect(screen.queryByText(EARLY_BIRD_TEXTS.christmas)).not.toBeInTheDocument();
  });

  it('shows the box with the live terms, keeping the neutral words’ room hidden', () => {
    window.__SOLAS_EARLY_BIRD__ = { percent: 15, minPieces: 20, until: '2026-12-20', lastDay: '20 December' };
    render(<EarlyBirdOffer />);
    const box = screen.getByRole('complementary', { name: EARLY_BIRD_TEXTS.heading });
    expect(box).toHaveTextContent('15% off orders of 20+ pieces placed until 20 December');
    expect(screen.getByText(EARLY_BIRD_TEXTS.neutral)).toHaveClass('invisible');
    expect(screen.getByText(EARLY_BIRD_TEXTS.christmas)).not.toHaveClass('invisible');
  });

  it('keeps the neutral words when the server did not say', () => {
    window.__SOLAS_EARLY_BIRD__ = { percent: 'lots' };
    render(<EarlyBirdOffer />);
    expect(screen.getByRole('complementary', { name: EARLY_BIRD_TEXTS.heading })).toHaveTextContent(
      EARLY_BIRD_TEXTS.neutral,
    );
  });
});
