/**
 * The order's label on its page (docs/product/shipping.md §22): "Buy label" while it may be dispatched,
 * then the carrier and tracking number, the label to print and "Void label" until the carrier has the
 * parcel (the order then goes back to production). The owner's alone; a maker sees the label.
 */
import { useCallback, useState } from 'react';
import type { OrderDetail } from '../../../../domain/orders/admin-api';
import { CARRIER_LABELS } from '../../../../domain/orders/admin-api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { deskApi } from '../desk-api';
import { useIsOwner } from '../people/desk-person';
import { formatInstant } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage } from '../ui/desk-ui';
import { BuyLabelButton } from './buy-label';
import { labelApi } from './label-api';

export function OrderLabel({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: (order: OrderDetail) => void;
}) {
  const owner = useIsOwner();
  // A label exists only once the order is dispatched (buying it dispatches the order): before, nothing to ask.
  const labelled = order.status === 'dispatched' || order.status === 'delivered';
  const [result, reload] = useDeskData(`label-${order.reference}-${order.status}`, () =>
    labelled ? labelApi.info(order.reference) : Promise.resolve({ label: null }),
  );
  const [confirming, setConfirming] = useState(false);
  const refresh = useCallback(async () => {
    onChanged(await deskApi.getOrder(order.reference));
    reload();
  }, [onChanged, order.reference, reload]);
  const voidAct = useCallback(
    async (_submission: string) => {
      await labelApi.void(order.reference);
      await refresh();
    },
    [order.reference, refresh],
  );
  const voiding = useDeskAction(voidAct);
  if (result.state === 'loading') return null;
  // The label is a convenience beside the order's own dispatch details: a failed read is said quietly.
  if (result.state === 'error')
    return <p className="text-sm text-muted">The label could not be read: {result.message}</p>;
  const label = result.data.label;
  if (!label) {
    if (!owner || !order.allowedActions.includes('dispatch')) return null;
    return (
      <div className="space-y-1">
        <BuyLabelButton reference={order.reference} onBought={() => void refresh()} />
        <p className="text-sm text-muted">
          Buys the label, marks the order dispatched and e-mails the tracking link. A parcel handed in at the
          counter is still dispatched with its typed tracking number below.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-2 text-sm">
      <p>
        Label: {CARRIER_LABELS[label.carrier]} {label.trackingNumber}
        {label.test ? <span className="ml-2 rounded bg-sand px-2 py-0.5 font-semibold">TEST</span> : null}
        <span className="text-muted"> · bought {formatInstant(label.createdAt)}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={label.url} target="_blank" rel="noopener" className={buttonClass.secondary}>
          Print label
        </a>
        {owner && label.voidable ? (
          <button
            type="button"
            className={buttonClass.danger}
            disabled={voiding.busy}
            onClick={() => setConfirming(true)}
          >
            Void label
          </button>
        ) : null}
      </div>
      {voiding.error ? <ErrorMessage>{voiding.error}</ErrorMessage> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Void this label?"
        description="The carrier cancels it and the order goes back to production. Buy another label when the parcel is ready."
        confirmLabel="Void label"
        onConfirm={() => {
          setConfirming(false);
          void voiding.run();
        }}
      />
    </div>
  );
}
