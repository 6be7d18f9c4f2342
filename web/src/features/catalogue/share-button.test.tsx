// @vitest-environment jsdom
/**
 * The product page's Share button, in the real App: the Web Share API where the browser has it, otherwise
 * the page's path-form link copied with a toast.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSnapshot } from '../../../../domain/catalogue/seed';
import { App } from '../../app/app';
import { stubResizeObserver } from '../../test-support/resize-observer';

beforeAll(stubResizeObserver);

beforeEach(() => {
  window.localStorage.clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  window.location.hash = '';
  Reflect.deleteProperty(navigator, 'share');
});

async function productSix() {
  window.location.hash = '#/product/6';
  render(<App catalogue={seedSnapshot()} />);
  return screen.findByRole('button', { name: 'Share' }, { timeout: 10_000 });
}

describe('Share on the product page', () => {
  it('copies the path-form link when the Web Share API is missing, and says so', async () => {
    const user = userEvent.setup();
    const share = await productSix();
    // user-event installs its own clipboard stub on setup; spy on the one the page will call.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(navigator.share).toBeUndefined();
    await user.click(share);
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/product/6`);
  });

  it('uses the Web Share API where it exists, with the path-form link, and copies nothing', async () => {
    const user = userEvent.setup();
    const shared = vi.fn(async (_data: ShareData) => {});
    Object.defineProperty(navigator, 'share', { value: shared, configurable: true });
    const share = await productSix();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(share);
    await vi.waitFor(() =>
      expect(shared).toHaveBeenCalledWith(
        expect.objectContaining({ url: `${window.location.origin}/product/6` }),
      ),
    );
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied to clipboard!')).not.toBeInTheDocument();
  });
});
