import { useId } from 'react';
import {
  cleanGiftMessage,
  GIFT_MESSAGE_MAX,
  giftMessageLength,
} from '../../../../domain/checkout/gift-message';
import { useCart } from './cart-context';

/** How close to the limit the counter starts speaking: quieter than a count at every key press. */
const ANNOUNCE_WITHIN = 20;

/**
 * The optional gift message under the gift-wrap box (docs/product/sizes.md §13.4): plain text, up to
 * GIFT_MESSAGE_MAX characters with a live counter. Shown only while gift wrap is ticked; the message is
 * kept if wrap is unticked and ticked again, but only sent with wrap.
 */
export function GiftMessageField() {
  const { giftMessage, setGiftMessage } = useCart();
  const id = useId();
  const length = giftMessageLength(giftMessage);
  const left = GIFT_MESSAGE_MAX - length;
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium">
        Gift message (optional)
      </label>
      <textarea
        id={id}
        name="giftMessage"
        rows={3}
        value={giftMessage}
        onChange={(e) => setGiftMessage(cleanGiftMessage(e.target.value))}
        aria-describedby={`${id}-hint ${id}-count`}
        className="mt-1 block w-full resize-y rounded-lg border border-line bg-white px-3 py-2 text-sm"
      />
      <div className="mt-1 flex justify-between gap-3 text-xs text-muted">
        <p id={`${id}-hint`}>Plain text, included with your gift-wrapped order.</p>
        <p id={`${id}-count`} className="shrink-0 tabular-nums" data-testid="gift-message-count">
          {length}/{GIFT_MESSAGE_MAX}
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {left <= ANNOUNCE_WITHIN ? `${left} ${left === 1 ? 'character' : 'characters'} left` : ''}
      </p>
    </div>
  );
}
