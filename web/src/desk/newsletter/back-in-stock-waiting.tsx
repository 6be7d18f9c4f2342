/** On the desk's product page: how many confirmed shoppers wait to hear the product is back. */
import { backInStockWaitingSchema, CAMPAIGNS_API } from '../../../../domain/newsletter/campaigns';
import { deskCall } from '../desk-api';
import { useDeskData } from '../ui/desk-hooks';

export function BackInStockWaiting({
  productId,
  active,
}: {
  readonly productId: string;
  readonly active: boolean;
}) {
  const [loaded] = useDeskData('back-in-stock-waiting', () =>
    deskCall('GET', CAMPAIGNS_API.backInStock, backInStockWaitingSchema),
  );
  if (loaded.state !== 'ready') return null;
  const waiting = loaded.data.waiting[productId] ?? 0;
  // An active product's list was just sent (and emptied): nothing to say unless someone still waits.
  if (active && waiting === 0) return null;
  return (
    <p className="mt-1 text-sm" data-testid="back-in-stock-waiting">
      {waiting === 1
        ? '1 shopper is waiting to hear it’s back.'
        : `${waiting} shoppers are waiting to hear it’s back.`}
    </p>
  );
}
