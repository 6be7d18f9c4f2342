import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Our dialogs open from buttons outside Radix's Dialog.Trigger (their code loads lazily), and Radix then
 * returns focus to a trigger it does not have. This remembers what had focus when the dialog opened and
 * returns focus there on close. Layout effects run before Radix moves focus into the dialog.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  return useCallback((event: Event) => {
    const target = opener.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
  }, []);
}
