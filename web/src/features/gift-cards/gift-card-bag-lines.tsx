/**
 * The cart's gift card lines: each card's amount, for whom and when it is sent, removable. Shown by the
 * cart page beside the bracelets.
 */

import { formatGiftCardAmount, giftCardBag, sendOnText, useGiftCardBag } from './gift-card-bag';

export function GiftCardBagLines() {
  const lines = useGiftCardBag();
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="cart-gift-cards-heading" className="mt-6">
      <h2 id="cart-gift-cards-heading" className="text-2xl">
        Gift cards
      </h2>
      <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
        {lines.map((line) => (
          <li key={line.key} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-medium">
                {formatGiftCardAmount(line.amount)} gift card for {line.recipientName}
              </p>
              <p className="text-sm text-muted">
                E-mailed to {line.recipientEmail} {sendOnText(line.sendOn)}. No delivery, no making time.
              </p>
            </div>
            <button
              type="button"
              className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm hover:bg-sand"
              onClick={() => giftCardBag.dispatch({ type: 'remove', key: line.key })}
            >
              Remove {formatGiftCardAmount(line.amount)} gift card for {line.recipientName}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
