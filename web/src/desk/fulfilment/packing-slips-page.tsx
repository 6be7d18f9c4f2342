/**
 * Packing slips (docs/product/desk.md §10.10): one order, or every order in production, one per A4 page when
 * printed (desk.css). Each slip has what the packing bench needs: items with sizes, the gift message, the
 * delivery address, the dispatch-by date, the seller's return address, and the reference as text and as a
 * QR code of the order's desk link (scanned with the phone at the bench, it opens the order to dispatch
 * it). The slip travels in the parcel: no total ever (it may be a gift, and refunds change what was paid),
 * and no prices at all on a gift-wrapped order. The QR code library loads only here.
 */

import { useEffect, useState } from 'react';
import { sizeLabel } from '../../../../domain/catalogue/sizes';
import { exchangeText } from '../../../../domain/exchanges/exchanges';
import type { OrderDetail, ReturnAddress } from '../../../../domain/orders/admin-api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { deskApi } from '../desk-api';
import { fulfilmentHref, orderDeskUrl } from '../routes/fulfilment';
import { type DataColumn, DataTable } from '../ui/data-table';
import { formatDay, money, statusLabel } from '../ui/desk-format';
import { type Loaded, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, Loading, PageHeading } from '../ui/desk-ui';
import { addressLines } from './order-page';

export function PackingSlipsPage({ reference }: { readonly reference: string | null }) {
  const [answer] = useDeskData(reference ?? '*', () => deskApi.packingSlips(reference));
  const result: Loaded<OrderDetail[]> =
    answer.state === 'ready' ? { state: 'ready', data: answer.data.orders } : answer;
  const returnAddress = answer.state === 'ready' ? answer.data.returnAddress : null;
  const title = reference ? `Packing slip for ${reference}` : 'Packing slips: orders in production';
  const [confirming, setConfirming] = useState(false);
  // A refunded or cancelled order is not to be packed: printing its slip asks first (§10.10).
  const ended = result.state === 'ready' ? result.data.filter((o) => ENDED.has(o.status)) : [];
  const endedWord = ended.some((o) => o.status === 'refunded') ? 'refunded' : 'cancelled';
  return (
    <div>
      <div className="desk-screen-only">
        <p className="text-sm">
          <a
            href={reference ? fulfilmentHref.order(reference) : fulfilmentHref.orders()}
            className="inline-flex min-h-11 items-center underline hover:text-wine"
          >
            ← {reference ? `Back to order ${reference}` : 'Back to orders'}
          </a>
        </p>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <PageHeading>{title}</PageHeading>
          {result.state === 'ready' && result.data.length > 0 ? (
            <button
              type="button"
              className={buttonClass.primary}
              onClick={() => (ended.length > 0 ? setConfirming(true) : window.print())}
            >
              Print {result.data.length === 1 ? 'the slip' : `${result.data.length} slips`}
            </button>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-muted">One order per A4 page. Gift-wrapped orders show no prices.</p>
        {ended.length > 0 ? (
          <p
            role="alert"
            className="mt-3 rounded-lg border border-danger px-3 py-2 text-sm font-medium text-danger"
          >
            {ended.map((o) => `${o.reference} is ${statusLabel(o.status).toLowerCase()}`).join('; ')}: do not
            pack or send it.
          </p>
        ) : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Print the slip of a ${endedWord} order?`}
          description={`${ended.map((o) => o.reference).join(', ')} ${ended.length === 1 ? 'is' : 'are'} ${endedWord}: a parcel packed from this slip would go out unpaid.`}
          confirmLabel="Print anyway"
          onConfirm={() => {
            setConfirming(false);
            window.print();
          }}
        />
      </div>
      <div className="mt-6">
        {result.state === 'loading' ? <Loading label="Preparing the packing slips…" /> : null}
        {result.state === 'error' ? <ErrorMessage>{result.message}</ErrorMessage> : null}
        {result.state === 'ready' && result.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line px-4 py-10 text-center text-muted">
            No orders are in production, so there is nothing to pack.
          </p>
        ) : null}
        {result.state === 'ready' ? (
          <div className="grid gap-6">
            {result.data.map((order) => (
              <PackingSlip key={order.reference} order={order} returnAddress={returnAddress} />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}

const ENDED: ReadonlySet<OrderDetail['status']> = new Set(['refunded', 'cancelled']);

function useQrCode(text: string): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: 'M' }))
      .then(
        (url) => current && setDataUrl(url),
        // The reference is printed as text beside it: a slip without its QR code still works.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [text]);
  return dataUrl;
}

type SlipLine = OrderDetail['lines'][number];

// slip-column: the space before each column after the first (desk.css), printed too.
const SLIP_COLUMNS: readonly DataColumn<SlipLine>[] = [
  { header: 'Item', cell: (line) => line.name },
  { header: 'Size', className: 'slip-column', cell: (line) => (line.size ? sizeLabel(line.size) : '') },
  { header: 'Qty', numeric: true, className: 'slip-column', cell: (line) => line.quantity },
];
const SLIP_PRICE: DataColumn<SlipLine> = {
  header: 'Price',
  numeric: true,
  className: 'slip-column',
  cell: (line) => money(line.lineTotal),
};

/** SELLER_ADDRESS is one line with commas: on a parcel, each part on its own line. */
function returnAddressLines(address: string): string[] {
  return address
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function PackingSlip({
  order,
  returnAddress,
}: {
  readonly order: OrderDetail;
  readonly returnAddress: ReturnAddress | null;
}) {
  const link = orderDeskUrl(order.reference);
  const qr = useQrCode(link);
  const address = addressLines(order.address);
  const showPrices = !order.giftWrapped;
  return (
    <article
      aria-label={`Packing slip ${order.reference}`}
      className="packing-slip rounded-2xl border border-line bg-white p-6 text-ink sm:p-8"
    >
      {/* A div, not a <header>: the shop's print rules hide every header (web/src/styles.css). */}
      <div className="flex items-start justify-between gap-6 border-b border-line pb-4">
        <div>
          <p className="font-serif text-2xl text-wine">Solas</p>
          <p className="text-sm text-muted">Handcrafted beaded bracelets</p>
          <p className="mt-4 text-sm text-muted">Order</p>
          <p className="font-mono text-xl font-semibold">{order.reference}</p>
          {order.dispatchBy ? (
            <p className="mt-2 text-sm">
              Dispatch by <strong>{formatDay(order.dispatchBy)}</strong>
            </p>
          ) : null}
        </div>
        <div className="size-32 shrink-0">
          {qr ? (
            <img src={qr} width={128} height={128} alt={`QR code: desk link of order ${order.reference}`} />
          ) : (
            <span className="sr-only">QR code loading</span>
          )}
        </div>
      </div>

      <div className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <section aria-label="Deliver to">
          <h2 className="text-xs font-semibold tracking-[0.15em] text-muted uppercase">Deliver to</h2>
          {address.length > 0 ? (
            <address className="mt-1 text-base not-italic">
              {address.map((line) => (
                <span key={line.field} className="block">
                  {line.text}
                </span>
              ))}
            </address>
          ) : (
            <p className="mt-1">No address given</p>
          )}
        </section>
        {returnAddress ? (
          <section aria-label="Return address">
            <h2 className="text-xs font-semibold tracking-[0.15em] text-muted uppercase">Return address</h2>
            <address className="mt-1 text-sm not-italic">
              <span className="block">{returnAddress.name}</span>
              {returnAddressLines(returnAddress.address).map((line, i) => (
                // The parts of one address line: their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
        ) : null}
      </div>

      <DataTable
        caption="Items"
        className="mt-5"
        density="snug"
        rows={order.lines}
        rowKey={(line) => `${line.productId}-${line.size ?? ''}`}
        columns={showPrices ? [...SLIP_COLUMNS, SLIP_PRICE] : SLIP_COLUMNS}
      />

      {/* An exchange's replacement goes in this parcel: the slip names the swap (docs/product/exchanges.md). */}
      {(order.exchanges ?? [])
        .filter((x) => x.status === 'accepted')
        .map((x) => (
          <p key={x.id} className="mt-3 font-semibold">
            {x.name}: {exchangeText(x.fromSize, x.toSize)}
          </p>
        ))}

      {order.giftWrapped ? (
        <section className="mt-6 rounded-xl border border-gold/50 p-4" aria-label="Gift">
          <h2 className="text-xs font-semibold tracking-[0.15em] text-gold uppercase">Gift-wrapped</h2>
          {order.giftMessage ? (
            <p className="mt-2 font-serif text-lg whitespace-pre-wrap">{order.giftMessage}</p>
          ) : (
            <p className="mt-2 text-sm text-muted">No gift message.</p>
          )}
        </section>
      ) : null}
    </article>
  );
}
