import { useCallback, useState } from 'react';

/**
 * Open state for a dialog whose code loads on first use: `mounted` stays true after the first open, so
 * the lazily loaded module is fetched once and the dialog can animate closed and reopen instantly.
 */
export function useLazyDialog(): {
  readonly open: boolean;
  readonly mounted: boolean;
  readonly show: () => void;
  readonly setOpen: (open: boolean) => void;
} {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  return { open, mounted, show, setOpen };
}
