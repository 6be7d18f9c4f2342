/**
 * An order's Customs section (docs/product/customs.md §21.3): for an order leaving the EU, its CN23 in A4
 * and A6, or each product whose customs data is missing and why; inside the EU, that none is needed. The
 * owner marks a parcel that came back with its duty unpaid here (§21.5): the pieces refunded, not the
 * shipping. The server is the judge; its refusal is shown as it words it.
 */
import { useState } from 'react';
import {
  customsStatePath,
  customsStateResponseSchema,
  returnedUnpaidPath,
} from '../../../../domain/customs/customs-api';
import {
  IDEMPOTENCY_KEY_HEADER,
  type OrderDetail,
  orderActionResponseSchema,
} from '../../../../domain/orders/admin-api';
import { countryName } from '../../../../domain/shared/countries';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { deskCall } from '../desk-api';
import { useIsOwner } from '../people/desk-person';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage } from '../ui/desk-ui';

const linkClass = 'inline-flex min-h-11 items-center underline';

export function OrderCustoms({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: (order: OrderDetail) => void;
}) {
  const [loaded] = useDeskData(`customs-${order.reference}-${order.status}`, () =>
    deskCall('GET', customsStatePath(order.reference), customsStateResponseSchema),
  );
  const owner = useIsOwner();
  const [asking, setAsking] = useState(false);
  const back = useDeskAction(async (submission: string) => {
    const answer = await deskCall(
      'POST',
      returnedUnpaidPath(order.reference),
      orderActionResponseSchema,
      {},
      {
        [IDEMPOTENCY_KEY_HEADER]: submission,
      },
    );
    onChanged(answer.order);
  });
  if (loaded.state === 'loading') return <p className="text-sm text-muted">Loading…</p>;
  if (loaded.state === 'error') return <ErrorMessage>{loaded.message}</ErrorMessage>;
  const { customs } = loaded.data;
  if (!customs.needed) {
    return <p className="text-sm text-muted">Inside the EU: no customs declaration needed.</p>;
  }
  return (
    <div className="space-y-3 text-sm">
      <p>
        Leaves the EU for {countryName(customs.country ?? '')}: the parcel needs its customs declaration
        (CN23).
      </p>
      {customs.pdf ? (
        <ul className="flex flex-wrap gap-x-4">
          <li>
            <a className={linkClass} href={customs.pdf.a4} target="_blank" rel="noopener">
              CN23 (A4)
            </a>
          </li>
          <li>
            <a className={linkClass} href={customs.pdf.a6} target="_blank" rel="noopener">
              CN23 (A6, for the parcel)
            </a>
          </li>
        </ul>
      ) : (
        <div>
          <p className="font-medium">Missing before it can be dispatched:</p>
          <ul className="list-disc pl-5">
            {customs.missing.map((m) => (
              <li key={m.productId}>
                {m.name} {m.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {customs.eori ? null : (
        <p className="font-medium">Add your EORI number in Settings: every CN23 carries it.</p>
      )}
      {owner && order.status === 'dispatched' ? (
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => setAsking(true)}>
            Came back unpaid…
          </button>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title="Came back unpaid"
            description="The buyer did not pay the import duty and the parcel is back. The pieces are refunded at what they cost; the shipping is not, as it carried the parcel both ways."
            confirmLabel="Refund the pieces"
            onConfirm={() => {
              setAsking(false);
              void back.run();
            }}
          />
        </>
      ) : null}
      {back.error ? <ErrorMessage>{back.error}</ErrorMessage> : null}
    </div>
  );
}
