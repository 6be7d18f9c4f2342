/**
 * Open/closed flag of the mini cart ('Your bag'), opened by the header button and by quick add.
 *
 * `open` also has a context of its own, whose value never changes: every product card can open the bag
 * (quick add) but none shows whether it is open; reading the flag's context, opening or closing the bag
 * re-rendered every card of the listing in the tap's frame (bench:inp).
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export interface MiniCartContextValue {
  readonly isOpen: boolean;
  readonly open: () => void;
  readonly close: () => void;
  readonly setOpen: (open: boolean) => void;
}

const MiniCartContext = createContext<MiniCartContextValue | null>(null);
const OpenMiniCartContext = createContext<(() => void) | null>(null);

export function MiniCartProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, open, close, setOpen }), [isOpen, open, close]);
  return (
    <OpenMiniCartContext.Provider value={open}>
      <MiniCartContext.Provider value={value}>{children}</MiniCartContext.Provider>
    </OpenMiniCartContext.Provider>
  );
}

export function useMiniCart(): MiniCartContextValue {
  const ctx = useContext(MiniCartContext);
  if (!ctx) throw new Error('useMiniCart must be used within a MiniCartProvider');
  return ctx;
}

/** Opens the bag, without re-rendering when it opens or closes. */
export function useOpenMiniCart(): () => void {
  const open = useContext(OpenMiniCartContext);
  if (!open) throw new Error('useOpenMiniCart must be used within a MiniCartProvider');
  return open;
}
