import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/router';

/**
 * The e-mail step's dialog state. A new key per opening: the dialog starts with an empty field and no
 * error every time. The mini cart's Checkout link is /cart?checkout=1: the step opens once, then the flag
 * is dropped so a reload or the back button does not open it again.
 */
export function useEmailStep(hasLines: boolean): {
  readonly open: boolean;
  readonly key: number;
  readonly show: () => void;
  readonly setOpen: (open: boolean) => void;
} {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(0);
  const autoOpened = useRef(false);
  const show = useCallback(() => {
    setKey((k) => k + 1);
    setOpen(true);
  }, []);

  useEffect(() => {
    if (autoOpened.current || params.get('checkout') !== '1' || !hasLines) return;
    autoOpened.current = true;
    show();
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true });
  }, [params, setParams, hasLines, show]);

  return { open, key, show, setOpen };
}
