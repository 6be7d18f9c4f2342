/**
 * Tooltip on Radix (hover and keyboard focus, Escape closes, role="tooltip" wired to the trigger with
 * aria-describedby) with the timings of docs/product/numbers.md §4.6: open after 700 ms, skip the delay for 300 ms after one closes.
 *
 * A tooltip only describes; it never carries the only copy of information, because touch screens never
 * show it. Triggers keep a visible label of their own.
 */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { TIMINGS_MS } from '../../../../domain/config';

const HasProvider = createContext(false);

/**
 * Shares the skip delay between the tooltips below it (hovering from one to the next opens at once).
 * Optional: a Tooltip outside any provider brings its own.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider
      delayDuration={TIMINGS_MS.tooltipOpenDelay}
      skipDelayDuration={TIMINGS_MS.tooltipSkipDelay}
    >
      <HasProvider.Provider value={true}>{children}</HasProvider.Provider>
    </RadixTooltip.Provider>
  );
}

export interface TooltipProps {
  /** The tooltip text. */
  readonly content: ReactNode;
  /** A single focusable element (button or link); it receives the trigger's props and ref. */
  readonly children: ReactElement;
  readonly side?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  const hasProvider = useContext(HasProvider);
  const tooltip = (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-xs rounded-md bg-ink px-3 py-1.5 text-sm text-cream shadow-lg"
        >
          {content}
          <RadixTooltip.Arrow className="fill-ink" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return hasProvider ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
