/**
 * Today's notice of the EU's €10,000 distance-selling threshold (docs/product/vat.md §20.4): from 80%, and
 * once a sale crossed it with the day to register for OSS in ROS by, the same words as Numbers' (the
 * server's `notice`). The owner's alone, like the VAT papers; silent when it cannot be read (Today shows
 * its own errors) and once the shop is on OSS. Today waits for it, so it never pushes the work down.
 */
import { useDeskData } from '../ui/desk-hooks';
import { vatApi } from './vat-api';

/** The notice to show, null for none, 'loading' until the threshold answered (never asked for a maker). */
export function useVatThresholdNotice(owner: boolean): string | null | 'loading' {
  const [loaded] = useDeskData(owner ? 'vat-threshold-notice' : 'vat-threshold-not-asked', () =>
    owner ? vatApi.threshold() : Promise.resolve(null),
  );
  if (loaded.state === 'loading') return 'loading';
  return loaded.state === 'ready' ? (loaded.data?.notice ?? null) : null;
}

export function VatThresholdNotice({ notice }: { readonly notice: string }) {
  return (
    <div role="alert" className="mt-4 rounded-2xl border border-danger bg-white p-4 text-sm">
      <p className="font-medium">EU VAT threshold</p>
      <p className="mt-1">{notice}</p>
    </div>
  );
}
