/**
 * The cart's discount (docs/product/numbers.md §4.2a): a "Gift card or discount code" field, collapsed behind a link
 * on phones. A gift card code is added to the order's payments with its balance (docs/product/gift-cards.md §19,
 * features/gift-cards/gift-card-payments.ts); any other code is a discount code,
 * that asks the server (POST /api/discounts/check) what the code takes off these items, and the
 * early-bird tier's line when the cart has enough pieces, with the tier's terms from /runtime-env.js. The
 * server answers the line and the new total; each refusal comes with its own sentence. The checkout
 * decides again with the shopper's e-mail. An applied code stays with the cart in this browser until it is
 * removed, refused or paid: the cart page asks the server about a kept code again when it opens, and says
 * so when the code no longer applies.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { giftCardLabel } from '../../../../domain/gift-cards/gift-cards';
import { type Cents, formatEuro } from '../../../../domain/shared/money';
import { addGiftCard, giftCardPayments, looksLikeGiftCardCode, useGiftCardPayments } from '../gift-cards';
import { useCart } from './cart-context';

import type { DiscountLine } from './discount-check-api';

export type { DiscountLine };

/**
 * The request, its reading, the early-bird terms and the kept code's parsing load after hydration: the
 * cart's own chunk stays small.
 */
const api = () => import('./discount-check-api');

function askServer(...args: Parameters<typeof import('./discount-check-api').askServer>) {
  return api().then(
    (m) => m.askServer(...args),
    () => ({ ok: false as const, error: 'Please try again in a moment.', dropped: null }),
  );
}

/**
 * The discount line for the cart as it is now, again whenever the lines, zone or gift wrap change; the
 * server is asked only while a code is applied or the cart has enough pieces for the tier.
 */
export function useDiscountLine(): {
  readonly line: DiscountLine | null;
  readonly apply: (code: string) => Promise<string | null>;
  readonly remove: () => void;
  /** The code typed that lost to the early-bird tier (not a refusal), for the cart to say so. */
  readonly lostTo: string | null;
  /** The early-bird terms as the cart states them (/runtime-env.js); null when there is none to state. */
  readonly tierNote: string | null;
  /** Why the code the cart held was taken off it (it no longer applies); null otherwise. */
  readonly dropped: string | null;
} {
  const { lines, zone, giftWrap, discountCode, setDiscountCode } = useCart();
  const [line, setLine] = useState<DiscountLine | null>(null);
  const [lostTo, setLostTo] = useState<string | null>(null);
  const [tierNote, setTierNote] = useState<string | null>(null);
  const [dropped, setDropped] = useState<string | null>(null);
  const codeNow = useRef(discountCode);
  codeNow.current = discountCode;

  // Once per page: the code kept from an earlier visit comes back, and the effect below asks about it.
  useEffect(() => {
    if (codeNow.current) return;
    let current = true;
    void api().then(
      ({ readStoredDiscountCode }) => {
        const code = readStoredDiscountCode();
        // A code applied meanwhile wins over the kept one.
        if (current && code && !codeNow.current) setDiscountCode(code);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [setDiscountCode]);

  useEffect(() => {
    let current = true;
    void askServer(discountCode || null, lines, zone, giftWrap).then((answer) => {
      if (!current) return;
      if (answer.ok) {
        setLine(answer.line);
        setTierNote(answer.note);
      } else if (answer.dropped) {
        // The code no longer applies (expired, used up, below its minimum now): drop it and say why; the
        // tier may still apply.
        setDiscountCode('');
        setLine(null);
        setDropped(answer.dropped);
      } else {
        // The server could not be asked: the code stays (the checkout decides again), without a line.
        setLine(null);
      }
    });
    return () => {
      current = false;
    };
  }, [discountCode, lines, zone, giftWrap, setDiscountCode]);

  const apply = async (raw: string): Promise<string | null> => {
    const code = raw.trim().toUpperCase();
    const answer = await askServer(code, lines, zone, giftWrap);
    if (!answer.ok) return answer.error;
    setLine(answer.line);
    setDropped(null);
    if (answer.line?.code) {
      setDiscountCode(answer.line.code);
      setLostTo(null);
    } else {
      setDiscountCode('');
      setLostTo(code);
    }
    return null;
  };

  const remove = () => {
    setDiscountCode('');
    setLostTo(null);
  };

  return { line, apply, remove, lostTo, tierNote, dropped };
}

/** The field: a link on phones opens it; on larger screens it is open. */
export function DiscountCodeField({ discount }: { discount: ReturnType<typeof useDiscountLine> }) {
  const { discountCode } = useCart();
  const inputId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A code that lost to the tier is said in place of the tier's terms: the summary's line shows which won.
  const lostTo =
    discount.lostTo && discount.line && !discount.line.code
      ? `The early-bird price beats ${discount.lostTo}: one offer per order.`
      : null;
  const note = discount.dropped ?? lostTo ?? discount.tierNote;

  const cards = useGiftCardPayments();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === '' || busy) return;
    setBusy(true);
    // A gift card's shape is asked about as a card first; a discount code of the same shape still works.
    const asCard = looksLikeGiftCardCode(typed) ? await addGiftCard(typed) : 'not a card';
    const refusal = asCard === null ? null : await discount.apply(typed);
    setBusy(false);
    if (asCard === null) setTyped('');
    // A refusal is announced by its alert (a card's own when the text was a card's shape); an applied
    // code by the summary's new line, a card by its line below.
    setError(refusal === null ? null : asCard === 'not a card' ? refusal : asCard);
  };

  return (
    <div className="mt-5">
      {/* An applied code (one kept from an earlier visit too) shows the field, with its Remove button. */}
      <button
        type="button"
        className={`min-h-11 text-sm font-medium text-wine underline underline-offset-2 sm:hidden ${open || discountCode || cards.length > 0 ? 'hidden' : ''}`}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Have a gift card or discount code?
      </button>
      <form
        onSubmit={submit}
        className={`${open || discountCode || cards.length > 0 ? 'block' : 'hidden'} sm:block`}
        noValidate
      >
        <label htmlFor={inputId} className="block text-sm font-medium">
          Gift card or discount code
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            maxLength={32}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            className="block h-11 min-w-0 flex-1 rounded-lg border border-line bg-cream px-3 uppercase"
          />
          <button
            type="submit"
            disabled={busy}
            className="h-11 rounded-lg border border-wine px-4 text-sm font-medium text-wine"
          >
            Apply
          </button>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        {discountCode ? (
          <button type="button" className="mt-1 min-h-11 text-sm underline" onClick={discount.remove}>
            Remove {discountCode}
          </button>
        ) : null}
        {cards.length > 0 ? (
          <ul className="mt-2 space-y-1 text-sm">
            {cards.map((card) => (
              <li key={card.code} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {giftCardLabel(card.last4)}: {formatEuro(card.balance as Cents)} available
                </span>
                <button
                  type="button"
                  className="min-h-11 underline"
                  onClick={() => giftCardPayments.remove(card.code)}
                >
                  Remove {giftCardLabel(card.last4)}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </form>
      {/* Outside the form, which is collapsed on phones; a dropped code is said first, and heard. */}
      <p role="status" className={note ? 'mt-2 text-sm' : 'sr-only'}>
        {note}
      </p>
    </div>
  );
}
