/**
 * Side sheet (docs/product/pages.md §2.2: slides from top, bottom, left or right, default right, with a close button labelled
 * Close), built on Radix Dialog for focus trapping, Escape, outside click and scroll locking.
 *
 * It slides out and its backdrop fades when it closes (styles.css): Radix keeps a closing dialog mounted
 * until its exit animation ends, so the unmount (scroll lock, the page's aria-hidden, focus return, and
 * the page-wide style recalculation they cause) runs then, not inside the tap that closed it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

export type SheetSide = 'top' | 'bottom' | 'left' | 'right';

const SIDE_CLASSES: Record<SheetSide, string> = {
  right:
    'inset-y-0 right-0 h-full w-[min(24rem,100vw)] border-l data-[state=open]:animate-[sheet-in-right_200ms_ease-out] data-[state=closed]:animate-[sheet-out-right_150ms_ease-in_forwards]',
  left: 'inset-y-0 left-0 h-full w-[min(20rem,100vw)] border-r data-[state=open]:animate-[sheet-in-left_200ms_ease-out] data-[state=closed]:animate-[sheet-out-left_150ms_ease-in_forwards]',
  top: 'inset-x-0 top-0 max-h-[85vh] border-b data-[state=open]:animate-[sheet-in-top_200ms_ease-out] data-[state=closed]:animate-[sheet-out-top_150ms_ease-in_forwards]',
  bottom:
    'inset-x-0 bottom-0 max-h-[85vh] border-t data-[state=open]:animate-[sheet-in-bottom_200ms_ease-out] data-[state=closed]:animate-[sheet-out-bottom_150ms_ease-in_forwards]',
};

export interface SheetProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly description?: string;
  readonly side?: SheetSide;
  readonly children: ReactNode;
  /** Called when the sheet opens; prevent the event to move focus yourself (see the mobile menu). */
  readonly onOpenAutoFocus?: (event: Event) => void;
  readonly className?: string;
}

export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  side = 'right',
  children,
  onOpenAutoFocus,
  className = '',
}: SheetProps) {
  // Sheets are usually opened by plain buttons (not Dialog.Trigger), so remember what had focus when the
  // sheet opened and give focus back to it on close.
  const returnFocusTo = useRef<Element | null>(null);
  const handleOpenAutoFocus = (event: Event) => {
    returnFocusTo.current = document.activeElement;
    onOpenAutoFocus?.(event);
  };
  const handleCloseAutoFocus = (event: Event) => {
    const target = returnFocusTo.current;
    if (target instanceof HTMLElement && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 data-[state=closed]:animate-[backdrop-out_150ms_ease-in_forwards]" />
        <Dialog.Content
          onOpenAutoFocus={handleOpenAutoFocus}
          onCloseAutoFocus={handleCloseAutoFocus}
          className={`fixed z-50 flex flex-col overflow-y-auto border-line bg-cream shadow-xl focus:outline-none ${SIDE_CLASSES[side]} ${className}`}
        >
          <div className="flex items-center justify-between border-b border-line px-5 py-4">
            <Dialog.Title className="font-serif text-xl">{title}</Dialog.Title>
            <Dialog.Close
              className="inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-medium hover:bg-sand"
              aria-label="Close"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="px-5 pt-3 text-sm text-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
