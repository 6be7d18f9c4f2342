/**
 * Open/closed flag of the mini cart ('Your bag'), opened by the header button and by quick add.
 *
 * Two contexts: the flag, and the functions that change it (stable for the app's life). Every product
 * card can open the bag (quick add) but none shows whether it is open; with one context, opening or
 * closing the bag re-rendered every card of the listing in the tap's frame (bench:inp).
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export interface MiniCartActions {
  readonly open: () => void;
  readonly close: () => void;
  readonly setOpen: (open: boolean) => void;
}

export interface MiniCartContextValue extends MiniCartActions {
  readonly isOpen: boolean;
}

const MiniCartOpenContext = createContext<boolean | null>(null);
const MiniCartActionsContext = createContext<MiniCartActions | null>(null);

export function MiniCartProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const actions = useMemo(() => ({ open, close, setOpen }), [open, close]);
  return (
    <MiniCartActionsContext.Provider value={actions}>
      <MiniCartOpenContext.Provider value={isOpen}>{children}</MiniCartOpenContext.Provider>
    </MiniCartActionsContext.Provider>
  );
}

/** Opening and closing the bag, without re-rendering when it opens or closes. */
export function useMiniCartActions(): MiniCartActions {
  const actions = useContext(MiniCartActionsContext);
  if (!actions) throw new Error('useMiniCartActions must be used within a MiniCartProvider');
  return actions;
}

export function useMiniCart(): MiniCartContextValue {
  const isOpen = useContext(MiniCartOpenContext);
  const actions = useContext(MiniCartActionsContext);
  if (isOpen === null || !actions) throw new Error('useMiniCart must be used within a MiniCartProvider');
  return useMemo(() => ({ isOpen, ...actions }), [isOpen, actions]);
}
