/**
 * Open/closed flag of the mini cart ('Your bag'), opened by the header button and by quick add.
 *
 * `open` also has a context of its own, whose value never changes: every product card can open the bag
 * (quick add) but none shows whether it is open; reading the flag's context, opening or closing the bag
 * re-rendered every card of the listing in the tap's frame (bench:inp).
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** What the bag says at its top when an add opened it (quick add): the add's confirmation. */
export interface BagNotice {
  readonly title: string;
  readonly description: string;
}

export interface MiniCartContextValue {
  readonly isOpen: boolean;
  /** The confirmation of the add that opened the bag, until it closes. */
  readonly notice: BagNotice | null;
  readonly open: () => void;
  readonly close: () => void;
  readonly setOpen: (open: boolean) => void;
}

const MiniCartContext = createContext<MiniCartContextValue | null>(null);
type OpenWithNotice = (notice?: BagNotice) => void;
const OpenMiniCartContext = createContext<OpenWithNotice | null>(null);

export function MiniCartProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const [notice, setNotice] = useState<BagNotice | null>(null);
  const setOpen = useCallback((next: boolean) => {
    setIsOpen(next);
    if (!next) setNotice(null);
  }, []);
  const open = useCallback(() => setOpen(true), [setOpen]);
  const openWithNotice = useCallback<OpenWithNotice>((next) => {
    setNotice(next ?? null);
    setIsOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), [setOpen]);
  const value = useMemo(
    () => ({ isOpen, notice, open, close, setOpen }),
    [isOpen, notice, open, close, setOpen],
  );
  return (
    <OpenMiniCartContext.Provider value={openWithNotice}>
      <MiniCartContext.Provider value={value}>{children}</MiniCartContext.Provider>
    </OpenMiniCartContext.Provider>
  );
}

export function useMiniCart(): MiniCartContextValue {
  const ctx = useContext(MiniCartContext);
  if (!ctx) throw new Error('useMiniCart must be used within a MiniCartProvider');
  return ctx;
}

/** Opens the bag (with an add's confirmation at its top), without re-rendering when it opens or closes. */
export function useOpenMiniCart(): OpenWithNotice {
  const open = useContext(OpenMiniCartContext);
  if (!open) throw new Error('useOpenMiniCart must be used within a MiniCartProvider');
  return open;
}
