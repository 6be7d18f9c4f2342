/**
 * Where a refund's gift-card part goes (docs/product/gift-cards.md §19.3, "Refunds"), asked by the order's Refund
 * and by a return's refund alike (both go through the same refund on the server): a labelled radio group,
 * the default first, and a line saying where the money goes. Shown only for an order gift cards paid;
 * money back by card only when the order had a card payment (the server judges whether it covers it).
 */
import { useId } from 'react';
import {
  GIFT_CARD_REFUND_CHOICES,
  GIFT_CARD_REFUND_HINTS,
  GIFT_CARD_REFUND_LABELS,
  GIFT_CARD_REFUND_LEGEND,
  type GiftCardRefundChoice,
  type OrderDetail,
} from '../../../../domain/orders/admin-api';

/** The choices the order offers; none when no gift card paid it (nothing to ask). */
export function giftCardRefundChoicesOf(
  order: Pick<OrderDetail, 'payments'>,
): readonly GiftCardRefundChoice[] {
  const payments = order.payments ?? [];
  if (!payments.some((p) => p.method === 'gift_card')) return [];
  const byCard = payments.some((p) => p.method === 'card' && p.amount > 0);
  return GIFT_CARD_REFUND_CHOICES.filter((c) => c !== 'card' || byCard);
}

export function GiftCardRefundChoiceGroup({
  choices,
  value,
  onChange,
}: {
  readonly choices: readonly GiftCardRefundChoice[];
  readonly value: GiftCardRefundChoice;
  readonly onChange: (choice: GiftCardRefundChoice) => void;
}) {
  const id = useId();
  if (choices.length === 0) return null;
  return (
    <fieldset className="space-y-1" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">{GIFT_CARD_REFUND_LEGEND}</legend>
      {choices.map((choice) => (
        <label key={choice} className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-choice`}
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
            className="size-4 accent-wine"
          />
          {GIFT_CARD_REFUND_LABELS[choice]}
        </label>
      ))}
      <p id={`${id}-hint`} className="text-sm text-muted">
        {GIFT_CARD_REFUND_HINTS[value]}
      </p>
    </fieldset>
  );
}
