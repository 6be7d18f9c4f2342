/**
 * "Buy label" (docs/product/shipping.md §22): one tap buys the order's label from the carrier (or the
 * built-in TEST provider), marks the order dispatched and e-mails the shopper the tracking link. Shown on
 * Today's dispatch list and on the order's page; after it, the label's link to print.
 */
import { useCallback, useState } from 'react';
import { CARRIER_LABELS } from '../../../../domain/orders/admin-api';
import type { Label } from '../../../../domain/shipping/shipping';
import { useDeskAction } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage } from '../ui/desk-ui';
import { labelApi } from './label-api';

export function BuyLabelButton({
  reference,
  onBought,
  compact = false,
}: {
  readonly reference: string;
  readonly onBought?: (label: Label) => void;
  /** On Today's list: the button names its order for screen readers. */
  readonly compact?: boolean;
}) {
  const [bought, setBought] = useState<Label | null>(null);
  const act = useCallback(
    async (_submission: string) => {
      const { label } = await labelApi.buy(reference);
      setBought(label);
      onBought?.(label);
    },
    [reference, onBought],
  );
  const { run, busy, error } = useDeskAction(act);
  if (bought) return <LabelBought reference={reference} label={bought} />;
  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        className={compact ? buttonClass.secondary : buttonClass.primary}
        disabled={busy}
        aria-label={compact ? `Buy label for ${reference}` : undefined}
        onClick={() => void run()}
      >
        {busy ? 'Buying label…' : 'Buy label'}
      </button>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
    </span>
  );
}

export function LabelBought({ reference, label }: { readonly reference: string; readonly label: Label }) {
  return (
    <span role="status" className="inline-flex flex-wrap items-center gap-x-3 text-sm">
      <span>
        Label bought for {reference}: {CARRIER_LABELS[label.carrier]} {label.trackingNumber}
      </span>
      <a
        href={label.url}
        target="_blank"
        rel="noopener"
        className="inline-flex min-h-11 items-center underline hover:text-wine"
      >
        Print label
      </a>
    </span>
  );
}
