/** Open/closed flag of the mini cart ('Your bag'), opened by the header button and by quick add. */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export interface MiniCartContextValue {
  readonly isOpen: boolean;
  readonly open: () => void;
  readonly close: () => void;
  readonly setOpen: (open: boolean) => void;
}

const MiniCartContext = createContext<MiniCartContextValue | null>(null);

export function MiniCartProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, open, close, setOpen }), [isOpen, open, close]);
  return <MiniCartContext.Provider value={value}>{children}</MiniCartContext.Provider>;
}

export function useMiniCart(): MiniCartContextValue {
  const ctx = useContext(MiniCartContext);
  if (!ctx) throw new Error('useMiniCart must be used within a MiniCartProvider');
  return ctx;
}
