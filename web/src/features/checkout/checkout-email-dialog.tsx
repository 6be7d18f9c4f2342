/**
 * The checkout's e-mail step (docs/product/states.md §5.8 and docs/product/texts.md §3.2): opens empty (the parent mounts a fresh one for every
 * opening, so e-mail and error are cleared), validates on Continue (trimmed, valid,
 * at most 255 characters, the messages of §3.2 in red under the field), Enter submits. Radix Dialog traps
 * focus, closes on Escape and gives focus back to the button that opened it.
 * Under the field, an unticked box asks for the one cart reminder (docs/product/states.md §5.10a): consent is
 * given only by ticking it, before anything is sent (S.I. 336/2011, Reg. 13).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useId, useRef, useState } from 'react';
import { REMIND_ME_HINT, REMIND_ME_LABEL } from '../../../../domain/newsletter/remind-me';
import { checkEmail } from '../../../../domain/shared/email';

export interface CheckoutEmailDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** Called with the trimmed, valid address and whether the shopper ticked the one reminder. */
  readonly onContinue: (email: string, remindMe: boolean) => void;
}

export function CheckoutEmailDialog({ open, onOpenChange, onContinue }: CheckoutEmailDialogProps) {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const remindId = `${id}-remind`;
  const remindHintId = `${id}-remind-hint`;
  const [email, setEmail] = useState('');
  // Unticked on every opening: no consent is ever assumed.
  const [remindMe, setRemindMe] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkEmail(email);
    if (!check.ok) {
      setError(check.message);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    onContinue(check.email, remindMe);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-cream p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="font-serif text-2xl">Checkout</Dialog.Title>
          <Dialog.Description id={hintId} className="mt-2 text-sm text-muted">
            Enter your email address for your order confirmation. You'll add your delivery address and pay on
            the secure payment page.
          </Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-5">
            <label htmlFor={inputId} className="block text-sm font-medium">
              Email address
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              placeholder="you@example.com"
              className={`mt-1 block h-12 w-full rounded-lg border bg-white px-3 text-base ${error ? 'border-2 border-danger' : 'border-line'}`}
            />
            <p id={errorId} className="mt-2 min-h-5 text-sm text-danger" aria-live="assertive">
              {error}
            </p>
            <div className="mt-2 flex items-start gap-3">
              <input
                id={remindId}
                type="checkbox"
                name="remindMe"
                checked={remindMe}
                onChange={(e) => setRemindMe(e.target.checked)}
                aria-describedby={remindHintId}
                className="mt-0.5 h-6 w-6 shrink-0 accent-wine focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine"
              />
              <div>
                <label htmlFor={remindId} className="text-sm font-medium">
                  {REMIND_ME_LABEL}
                </label>
                <p id={remindHintId} className="mt-1 text-xs text-muted">
                  {REMIND_ME_HINT}
                </p>
              </div>
            </div>
            <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className="inline-flex min-h-11 items-center justify-center rounded-full border border-line bg-white px-6 font-medium hover:bg-sand">
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                className="inline-flex min-h-11 items-center justify-center rounded-full bg-wine px-6 font-medium text-cream hover:bg-wine-dark"
              >
                Continue
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
