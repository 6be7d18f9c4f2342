// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyToaster, toast } from './toast';

const region = () => screen.queryByRole('region', { name: /Notifications/ });

/** Lets timers, frames and the lazy chunk run (sonner's import resolves in a later task). */
async function settle(ms = 50) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

afterEach(() => {
  sonnerToast.dismiss();
});

describe('LazyToaster', () => {
  it('mounts after the first interaction has ended and painted, not at its pointerdown', async () => {
    render(<LazyToaster />);
    await settle();
    expect(region()).toBeNull();

    // A tap's start: the toaster's render, sonner's evaluation and its styles would land inside the tap.
    fireEvent.pointerDown(document.body);
    fireEvent.touchStart(document.body);
    await settle();
    expect(region()).toBeNull();

    // The tap's click: the toaster mounts once that frame is painted.
    fireEvent.click(document.body);
    expect(region()).toBeNull();
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('mounts after a key is released, or a touch became a scroll', async () => {
    const keyboard = render(<LazyToaster />);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await settle();
    expect(region()).toBeNull();
    fireEvent.keyUp(document.body, { key: 'Tab' });
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    keyboard.unmount();

    render(<LazyToaster />);
    fireEvent.pointerCancel(document.body);
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });

  it('mounts at once for a toast asked for before any interaction, and shows it', async () => {
    render(<LazyToaster />);
    await settle();
    expect(region()).toBeNull();
    act(() => toast.success('Added to your cart'));
    expect(await screen.findByText('Added to your cart')).toBeInTheDocument();
  });

  it("shows a tap's toast once the tap's frame is painted, not inside the tap", async () => {
    render(<LazyToaster />);
    fireEvent.click(document.body);
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();

    // The tap's frame is held: its work (the header's count) is all the frame may contain.
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => {
      frames.push(frame);
      return frames.length;
    });
    try {
      act(() => toast.success('Added to cart'));
      await settle();
      expect(screen.queryByText('Added to cart')).toBeNull();
    } finally {
      raf.mockRestore();
    }
    // Painted: the toast comes in the next one.
    for (const frame of frames.splice(0)) frame(performance.now());
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
  });
});
