/**
 * A real confirmation dialog (never window.confirm): role alertdialog, focus trapped and restored by
 * Radix, Escape and the backdrop cancel, and the first focus lands on Cancel, the harmless choice.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly description: string;
  readonly confirmLabel: string;
  readonly cancelLabel?: string;
  readonly onConfirm: () => void;
  /** What the choice takes besides yes or no (a note to go with it), between the text and the buttons. */
  readonly children?: ReactNode;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancelRef.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-cream p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="font-serif text-xl">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close
              ref={cancelRef}
              className="inline-flex min-h-11 items-center rounded-full border border-line bg-white px-5 text-sm font-medium hover:bg-sand"
            >
              {cancelLabel}
            </Dialog.Close>
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-full bg-wine px-5 text-sm font-medium text-cream hover:bg-wine-dark"
              onClick={() => {
                onConfirm();
                onOpenChange(false);
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
