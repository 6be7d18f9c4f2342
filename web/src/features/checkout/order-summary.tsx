import { nameWithSize } from '../../../../domain/catalogue/sizes';
import type { ConfirmResponse } from '../../../../domain/checkout/checkout';
import { productionDaysText } from '../../../../domain/config';
import { GIFT_CARDS_ALONE_TEXTS, giftCardLabel } from '../../../../domain/gift-cards/gift-cards';
import { formatDayOfMonth, type IsoDate, irishDate } from '../../../../domain/shared/calendar-date';
import { cents, formatEuro } from '../../../../domain/shared/money';

/** A card bought: "e-mailed on 24 November" once its day has come, "to be e-mailed on 24 December" before. */
export function sendOnText(sendOn: IsoDate, today: IsoDate = irishDate(new Date())): string {
  return `${sendOn > today ? 'to be e-mailed' : 'e-mailed'} on ${formatDayOfMonth(sendOn)}`;
}

/** The paid order's lines and totals, as the server confirmed them. */
export function OrderSummary({ order }: { order: ConfirmResponse }) {
  const items = order.items ?? [];
  // The gift cards' parts first (as paid), then the card's: the split, in the order the money came.
  const payments = [...(order.payments ?? [])].sort(
    (a, b) => Number(a.method === 'card') - Number(b.method === 'card'),
  );
  return (
    <section
      aria-labelledby="confirmed-summary"
      className="mt-8 rounded-2xl border border-line bg-white p-6 text-left"
    >
      <h2 id="confirmed-summary" className="text-xl">
        Your order
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {items.map((item) => (
          <li key={`${item.id}:${item.size ?? ''}`} className="flex justify-between gap-4 py-3">
            <span className="min-w-0 wrap-anywhere">
              {/* A quote's custom line has no size. */}
              {item.size ? nameWithSize(item.name, item.size) : item.name}{' '}
              <span className="text-muted">× {item.quantity}</span>
            </span>
            <span className="tabular-nums">{formatEuro(cents(item.lineTotal))}</span>
          </li>
        ))}
        {(order.giftCardsBought ?? []).map((card) => (
          <li key={card.last4} className="flex justify-between gap-4 py-3">
            <span className="min-w-0">
              {giftCardLabel(card.last4)}{' '}
              <span className="text-muted">{sendOnText(card.sendOn as IsoDate)}</span>
            </span>
            <span className="tabular-nums">{formatEuro(cents(card.amount))}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-line pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt>Subtotal</dt>
          <dd className="tabular-nums">{formatEuro(cents(order.subtotal ?? 0))}</dd>
        </div>
        {order.discount ? (
          <div className="flex justify-between gap-4">
            <dt>{order.discountLabel}</dt>
            <dd className="tabular-nums">−{formatEuro(cents(order.discount))}</dd>
          </div>
        ) : null}
        {order.giftCardsAlone ? null : (
          <div className="flex justify-between gap-4">
            <dt>Shipping</dt>
            <dd className="tabular-nums">{order.shipping ? formatEuro(cents(order.shipping)) : 'Free'}</dd>
          </div>
        )}
        {order.giftWrap ? (
          <div className="flex justify-between gap-4">
            <dt>Gift wrapping</dt>
            <dd className="tabular-nums">{formatEuro(cents(order.giftWrap))}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
          <dt>Total paid</dt>
          <dd className="tabular-nums">{formatEuro(cents(order.total ?? 0))}</dd>
        </div>
        {/* How it was paid, when gift cards paid some or all of it: each card's part, then the card's. */}
        {payments.some((p) => p.method === 'gift_card')
          ? payments.map((p, i) => (
              <div key={`${p.method}:${p.last4 ?? i}`} className="flex justify-between gap-4">
                <dt>{p.method === 'gift_card' && p.last4 ? giftCardLabel(p.last4) : 'Card'}</dt>
                <dd className="tabular-nums">{formatEuro(cents(p.amount))}</dd>
              </div>
            ))
          : null}
      </dl>
      {order.giftMessage ? (
        <div className="mt-4 border-t border-line pt-3 text-sm">
          <h3 className="font-sans font-semibold">Gift message</h3>
          {/* Plain text: React escapes it; pre-line keeps the shopper's line breaks. */}
          <p className="mt-1 whitespace-pre-line" data-testid="confirmed-gift-message">
            {order.giftMessage}
          </p>
        </div>
      ) : null}
      <p className="mt-4 rounded-xl bg-sand px-4 py-3 text-sm">
        {/* With the dates stored at payment shown above, a range of days here would contradict them. */}
        {/* Gift cards alone are neither made nor posted: each is e-mailed to its recipient. */}
        {order.giftCardsAlone
          ? GIFT_CARDS_ALONE_TEXTS.delivery
          : order.delivery
            ? 'Made to order: made by hand for you, dispatched by the date above, then on its way to you.'
            : `Made to order: we dispatch within ${productionDaysText()}, then it's on its way to you.`}
      </p>
    </section>
  );
}
