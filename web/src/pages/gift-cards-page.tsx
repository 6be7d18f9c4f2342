/**
 * The Gift cards page (docs/product/gift-cards.md §19): buy a card for someone (€25, €50, €100 or any whole euro
 * amount from €10 to €500, the recipient, a message and a send date), which goes into the bag as a line of
 * its own, and check a card's balance and expiry. Checked here with the same rules the server applies.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  checkSendOn,
  GIFT_CARD_BALANCE_PATH,
  GIFT_CARD_LIMITS,
  GIFT_CARD_MESSAGES,
  isGiftCardAmount,
  sendDateRange,
} from '../../../domain/gift-cards/gift-cards';
import { isFreeText } from '../../../domain/shared/input-text';
import { formatCalendarDay, formatGiftCardAmount, giftCardBag } from '../features/gift-cards/gift-card-bag';
import { Link } from '../lib/router';
import { useTypedBeforeHydration } from '../lib/use-typed-before-hydration';

const FIELD =
  'mt-1 block min-h-11 w-full rounded-lg border border-muted/60 bg-white px-3 text-base text-ink focus-visible:outline-2 focus-visible:outline-wine';
const PRIMARY =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-wine px-6 font-medium text-cream hover:bg-wine-dark disabled:opacity-60';

/**
 * A light look at the address (the checkout checks it with the shop's full rule): kept off
 * domain/shared/email.ts so this page shares no new chunk with the cart, which the shell would list.
 */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function GiftCardsPage() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-4xl sm:text-5xl">Gift cards</h1>
      <p className="mt-4 text-lg">
        Let them choose their own bracelet. A gift card is e-mailed to the person you choose on the day you
        choose, is valid for five years, has no fees of any kind, and can be spent over several orders.
      </p>
      <BuyForm />
      <BalanceCheck />
      <p className="mt-8 text-sm text-muted">
        See the gift card terms in our <Link to="/terms-conditions">Terms &amp; Conditions</Link>.
      </p>
    </section>
  );
}

type FieldName = 'amount' | 'recipientName' | 'recipientEmail' | 'message' | 'sendOn';

function BuyForm() {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const [preset, setPreset] = useState<number | 'other'>(5000);
  const [other, setOther] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [sendOn, setSendOn] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [added, setAdded] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const { first, last } = sendDateRange(new Date());
  // What a shopper typed or picked in the prerendered form before the app hydrated is kept.
  const nameRef = useTypedBeforeHydration<HTMLInputElement>(setName);
  const emailRef = useTypedBeforeHydration<HTMLInputElement>(setEmail);
  const messageRef = useTypedBeforeHydration<HTMLTextAreaElement>(setMessage);
  const sendOnRef = useTypedBeforeHydration<HTMLInputElement>(setSendOn);
  const presetsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const picked = presetsRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const value = picked?.value;
    if (value === 'other') setPreset('other');
    else if (value) setPreset(Number(value));
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = preset === 'other' ? Number(other.trim()) * 100 : preset;
    const found: Partial<Record<FieldName, string>> = {};
    if (!(preset !== 'other' || /^\d+$/.test(other.trim())) || !isGiftCardAmount(amount))
      found.amount = GIFT_CARD_MESSAGES.amount;
    const trimmedName = name.trim();
    if (trimmedName.length === 0 || [...trimmedName].length > GIFT_CARD_LIMITS.nameMax)
      found.recipientName = GIFT_CARD_MESSAGES.recipientName;
    if (!LOOKS_LIKE_EMAIL.test(email.trim())) found.recipientEmail = GIFT_CARD_MESSAGES.recipientEmail;
    if ([...message.trim()].length > GIFT_CARD_LIMITS.messageMax || !isFreeText(message))
      found.message = GIFT_CARD_MESSAGES.message;
    if (sendOn && checkSendOn(sendOn, new Date()) === null) found.sendOn = GIFT_CARD_MESSAGES.sendOn;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAdded(null);
      return;
    }
    giftCardBag.dispatch({
      type: 'add',
      line: {
        key: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
        amount,
        recipientName: trimmedName,
        recipientEmail: email.trim(),
        message: message.trim(),
        sendOn: sendOn === first ? '' : sendOn,
      },
    });
    setAdded(`${formatGiftCardAmount(amount)} gift card for ${trimmedName} added to your bag.`);
    setName('');
    setEmail('');
    setMessage('');
    setSendOn('');
    status.current?.focus();
  };

  const describedBy = (name: FieldName) => (errors[name] ? `${field(name)}-error` : undefined);
  const error = (name: FieldName) =>
    errors[name] ? (
      <p id={`${field(name)}-error`} className="mt-1 text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-buy`}
      className="mt-8 grid gap-5 rounded-2xl border border-line bg-white p-5"
    >
      <h2 id={`${id}-buy`} className="text-2xl">
        Buy a gift card
      </h2>
      <fieldset aria-describedby={describedBy('amount')}>
        <legend className="font-medium">Amount</legend>
        <div ref={presetsRef} className="mt-2 flex flex-wrap gap-3">
          {GIFT_CARD_LIMITS.presets.map((value) => (
            <label
              key={value}
              className="flex min-h-11 items-center gap-2 rounded-full border border-line px-4"
            >
              <input
                type="radio"
                name={field('amount')}
                value={value}
                checked={preset === value}
                onChange={() => setPreset(value)}
              />
              {formatGiftCardAmount(value).replace('.00', '')}
            </label>
          ))}
          <label className="flex min-h-11 items-center gap-2 rounded-full border border-line px-4">
            <input
              type="radio"
              name={field('amount')}
              value="other"
              checked={preset === 'other'}
              onChange={() => setPreset('other')}
            />
            Another amount
          </label>
        </div>
        {preset === 'other' ? (
          <div className="mt-3 max-w-xs">
            <label htmlFor={field('other')} className="block text-sm font-medium">
              Amount in euro (10 to 500)
            </label>
            <input
              id={field('other')}
              inputMode="numeric"
              value={other}
              onChange={(e) => setOther(e.target.value)}
              className={FIELD}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describedBy('amount')}
            />
          </div>
        ) : null}
        {error('amount')}
      </fieldset>
      <div>
        <label htmlFor={field('recipientName')} className="block font-medium">
          Recipient’s name
        </label>
        <input
          ref={nameRef}
          id={field('recipientName')}
          value={name}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
          className={FIELD}
          aria-invalid={errors.recipientName ? true : undefined}
          aria-describedby={describedBy('recipientName')}
        />
        {error('recipientName')}
      </div>
      <div>
        <label htmlFor={field('recipientEmail')} className="block font-medium">
          Recipient’s email
        </label>
        <input
          ref={emailRef}
          id={field('recipientEmail')}
          type="email"
          value={email}
          autoComplete="off"
          onChange={(e) => setEmail(e.target.value)}
          className={FIELD}
          aria-invalid={errors.recipientEmail ? true : undefined}
          aria-describedby={describedBy('recipientEmail')}
        />
        {error('recipientEmail')}
      </div>
      <div>
        <label htmlFor={field('message')} className="block font-medium">
          Message (optional)
        </label>
        <textarea
          ref={messageRef}
          id={field('message')}
          value={message}
          rows={3}
          onChange={(e) => setMessage(e.target.value)}
          className={`${FIELD} py-2`}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${field('message')}-count${errors.message ? ` ${field('message')}-error` : ''}`}
        />
        <p id={`${field('message')}-count`} className="mt-1 text-sm text-muted">
          {[...message].length} of {GIFT_CARD_LIMITS.messageMax} characters
        </p>
        {error('message')}
      </div>
      <div className="max-w-xs">
        <label htmlFor={field('sendOn')} className="block font-medium">
          Send date (empty: today)
        </label>
        <input
          ref={sendOnRef}
          id={field('sendOn')}
          type="date"
          min={first}
          max={last}
          value={sendOn}
          onChange={(e) => setSendOn(e.target.value)}
          className={FIELD}
          aria-invalid={errors.sendOn ? true : undefined}
          aria-describedby={describedBy('sendOn')}
        />
        {error('sendOn')}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={PRIMARY}>
          Add to bag
        </button>
        <p ref={status} tabIndex={-1} role="status" className="focus:outline-none">
          {added ? (
            <>
              {added} <Link to="/cart">View your bag</Link>
            </>
          ) : null}
        </p>
      </div>
    </form>
  );
}

type BalanceAnswer =
  | { readonly state: 'idle' }
  | { readonly state: 'busy' }
  | { readonly state: 'found'; readonly balance: number; readonly expiresOn: string }
  | { readonly state: 'error'; readonly message: string };

function BalanceCheck() {
  const id = useId();
  const [code, setCode] = useState('');
  const codeRef = useTypedBeforeHydration<HTMLInputElement>(setCode);
  const [answer, setAnswer] = useState<BalanceAnswer>({ state: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAnswer({ state: 'busy' });
    try {
      const response = await fetch(GIFT_CARD_BALANCE_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      const body = (await response.json()) as {
        ok?: boolean;
        balance?: number;
        expiresOn?: string;
        error?: string;
      };
      if (response.ok && body.ok && typeof body.balance === 'number' && typeof body.expiresOn === 'string')
        setAnswer({ state: 'found', balance: body.balance, expiresOn: body.expiresOn });
      else setAnswer({ state: 'error', message: body.error ?? GIFT_CARD_MESSAGES.invalidCode });
    } catch {
      setAnswer({ state: 'error', message: 'The balance could not be checked. Please try again.' });
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      className="mt-8 grid gap-4 rounded-2xl border border-line bg-white p-5"
    >
      <h2 id={`${id}-title`} className="text-2xl">
        Check a gift card’s balance
      </h2>
      <div className="max-w-sm">
        <label htmlFor={`${id}-code`} className="block font-medium">
          Gift card code
        </label>
        <input
          ref={codeRef}
          id={`${id}-code`}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          onChange={(e) => setCode(e.target.value)}
          className={`${FIELD} font-mono uppercase`}
        />
      </div>
      <div>
        <button type="submit" className={PRIMARY} disabled={answer.state === 'busy' || code.trim() === ''}>
          Check balance
        </button>
      </div>
      <p role="status">
        {answer.state === 'found'
          ? `Balance: ${formatGiftCardAmount(answer.balance)}, valid until ${formatCalendarDay(answer.expiresOn)}.`
          : answer.state === 'error'
            ? answer.message
            : null}
      </p>
    </form>
  );
}
