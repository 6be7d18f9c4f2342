/**
 * The payment link of an order the owner took by phone (docs/product/orders.md §10.17): shown where the order was
 * made and on the order's page for as long as it is unpaid, to copy into a message or, when `onEmail` is
 * given, to e-mail to the customer again.
 */
import { useId, useState } from 'react';
import { useDeskAction } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass } from '../ui/desk-ui';

export function PaymentLink({
  url,
  email,
  onEmail,
}: {
  readonly url: string;
  /** The customer's address, named when the link was e-mailed. */
  readonly email?: string;
  readonly onEmail?: (submission: string) => Promise<void>;
}) {
  const id = useId();
  const [said, setSaid] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('The payment link is copied.');
    } catch {
      setSaid('The link could not be copied here: select it and copy it by hand.');
    }
  };
  const send = useDeskAction(async (submission: string) => {
    await onEmail?.(submission);
    setSaid(email ? `The payment link is e-mailed to ${email}.` : 'The payment link is e-mailed.');
  });
  return (
    <div className="mt-4">
      <label htmlFor={`${id}-link`} className="text-sm font-medium">
        Payment link
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={`${id}-link`}
          readOnly
          value={url}
          className={`${inputClass} mt-0 min-w-0 flex-1`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
          Copy the link
        </button>
        {onEmail ? (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={send.busy}
            onClick={() => {
              setSaid(null);
              void send.run();
            }}
          >
            {send.busy ? 'Sending…' : 'E-mail it to the customer'}
          </button>
        ) : null}
      </div>
      <p role="status" className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">
        {said ?? ''}
      </p>
      {send.error ? <ErrorMessage>{send.error}</ErrorMessage> : null}
    </div>
  );
}
