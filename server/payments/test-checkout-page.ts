/**
 * HTML of the built-in test checkout, rendered on the server: works without JavaScript (the browser's own
 * `required` checks plus the server's), and with the small external script it enables 'Proceed to
 * Payment' only when every field is valid. No inline script or style, ready for a strict CSP.
 */
import { BRAND, SHIPPING_ZONES } from '../../domain/config';
import { giftCardLabel } from '../../domain/gift-cards/gift-cards';
import { deliveryPromiseText } from '../../domain/making/dispatch';
import { type Cents, formatEuro } from '../../domain/shared/money';
import { countryName, escapeHtml } from '../mail/layout';
import type { TestSession } from './test-checkout';
import type { FormErrors, FormField, FormValues } from './test-checkout-form';
import { TEST_CHECKOUT_SCRIPT } from './test-checkout-script';

export const ASSET_PATH = '/test-checkout/assets';

function money(value: number): string {
  return formatEuro(value as Cents);
}

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en-IE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${ASSET_PATH}/test-checkout.css">
<script src="${TEST_CHECKOUT_SCRIPT}" defer></script>
</head>
<body>
<div class="test-banner" role="note"><strong>TEST MODE</strong> No real payment is taken on this page.</div>
<header class="top"><span class="brand">${escapeHtml(BRAND.name)}</span><span class="secure">Secure checkout</span></header>
<main id="main">
${main}
</main>
</body>
</html>
`;
}

function summaryHtml(session: TestSession): string {
  const s = session.summary;
  const zone = s.destination ?? SHIPPING_ZONES[session.zone];
  const lines = s.lines
    .map(
      (l) =>
        `<li><span class="item"><span class="item-name">${escapeHtml(l.name)}</span><span class="muted">Qty ${l.quantity} &times; ${escapeHtml(money(l.unitPrice))}</span></span><span>${escapeHtml(money(l.lineTotal))}</span></li>`,
    )
    .join('\n');
  const giftWrap =
    s.giftWrap > 0
      ? `<div class="row"><dt>Gift wrap</dt><dd>${escapeHtml(money(s.giftWrap))}</dd></div>`
      : '';
  // The discount comes off the items, so its line follows the subtotal: `Discount (XMAS15) -€9.00`.
  const discount = s.discount
    ? `<div class="row"><dt>${escapeHtml(s.discount.label)}</dt><dd>${escapeHtml(`-${money(s.discount.amount)}`)}</dd></div>`
    : '';
  // Gift cards alone are e-mailed: no delivery line (docs/product/gift-cards.md §19.3).
  const delivery = s.nothingPosted
    ? ''
    : `<div class="row"><dt>Delivery (${escapeHtml(zone.label)})</dt><dd>${s.shipping === 0 ? 'Free' : escapeHtml(money(s.shipping))}</dd></div>`;
  // What the gift cards paid, card by card, then what is left for this page (docs/product/gift-cards.md §19.3).
  const cards = (s.paidByGiftCards ?? [])
    .map(
      (c) =>
        `<div class="row"><dt>${escapeHtml(c.last4 ? giftCardLabel(c.last4) : 'Gift cards')}</dt><dd>${escapeHtml(`-${money(c.amount)}`)}</dd></div>`,
    )
    .join('\n');
  const orderTotal = s.total + (s.paidByGiftCards ?? []).reduce((sum, c) => sum + c.amount, 0);
  const before = cards
    ? `<div class="row"><dt>Order total</dt><dd>${escapeHtml(money(orderTotal))}</dd></div>\n${cards}\n`
    : '';
  return `<section class="card summary" aria-labelledby="summary-title">
<h2 id="summary-title">Order summary</h2>
<ul class="lines">
${lines}
</ul>
<dl class="totals">
<div class="row"><dt>Subtotal</dt><dd>${escapeHtml(money(s.subtotal))}</dd></div>
${discount}
${delivery}
${giftWrap}
${before}<div class="row total"><dt>Total to pay</dt><dd>${escapeHtml(money(s.total))}</dd></div>
</dl>
${s.delivery ? `<p class="muted" data-testid="delivery-promise">${escapeHtml(deliveryPromiseText(s.delivery))}</p>` : ''}
</section>`;
}

interface FieldSpec {
  readonly name: FormField;
  readonly label: string;
  readonly type?: string;
  readonly autocomplete: string;
  readonly inputmode?: string;
  readonly pattern?: string;
  readonly placeholder?: string;
  readonly maxlength: number;
  /** Not required (the second address line). */
  readonly optional?: boolean;
  /** Shown under the label; also read by screen readers with the field. */
  readonly hint?: string;
}

const CONTACT_FIELDS: readonly FieldSpec[] = [
  { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', maxlength: 255 },
];

const ADDRESS_FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: 'Full name', autocomplete: 'shipping name', maxlength: 100 },
  { name: 'line1', label: 'Address', autocomplete: 'shipping address-line1', maxlength: 200 },
  {
    name: 'line2',
    label: 'Flat, suite or building (optional)',
    autocomplete: 'shipping address-line2',
    maxlength: 200,
    optional: true,
  },
  { name: 'city', label: 'Town or city', autocomplete: 'shipping address-level2', maxlength: 100 },
  { name: 'postalCode', label: 'Postcode', autocomplete: 'shipping postal-code', maxlength: 20 },
];

const CARD_FIELDS: readonly FieldSpec[] = [
  {
    name: 'cardNumber',
    label: 'Card number',
    autocomplete: 'cc-number',
    inputmode: 'numeric',
    pattern: '[0-9 \\-]{13,23}',
    placeholder: '1234 1234 1234 1234',
    maxlength: 23,
  },
  {
    name: 'expiry',
    label: 'Expiry date (MM / YY)',
    autocomplete: 'cc-exp',
    inputmode: 'numeric',
    // As the page's script writes it, or digits only as a keypad types them (the server reads both).
    pattern: '(0[1-9]|1[0-2]) ?/? ?[0-9]{2}',
    placeholder: 'MM / YY',
    maxlength: 7,
  },
  {
    name: 'cvc',
    label: 'Security code (CVC)',
    autocomplete: 'cc-csc',
    inputmode: 'numeric',
    pattern: '[0-9]{3,4}',
    placeholder: '123',
    maxlength: 4,
  },
];

function fieldHtml(spec: FieldSpec, values: FormValues, errors: FormErrors): string {
  const id = `f-${spec.name}`;
  const error = errors[spec.name];
  const describedBy = [spec.hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  const attrs = [
    `id="${id}"`,
    `name="${spec.name}"`,
    `type="${spec.type ?? 'text'}"`,
    `autocomplete="${spec.autocomplete}"`,
    spec.inputmode ? `inputmode="${spec.inputmode}"` : '',
    spec.pattern ? `pattern="${escapeHtml(spec.pattern)}"` : '',
    spec.placeholder ? `placeholder="${escapeHtml(spec.placeholder)}"` : '',
    `maxlength="${spec.maxlength}"`,
    spec.optional ? '' : 'required',
    `aria-describedby="${describedBy}"`,
    error ? 'aria-invalid="true"' : '',
    // Card details are never echoed back into the page.
    spec.name === 'cardNumber' || spec.name === 'expiry' || spec.name === 'cvc'
      ? ''
      : `value="${escapeHtml(values[spec.name])}"`,
  ]
    .filter(Boolean)
    .join(' ');
  return `<div class="field">
<label for="${id}">${escapeHtml(spec.label)}</label>
${spec.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(spec.hint)}</p>` : ''}
<input ${attrs}>
<p class="error" id="${id}-error" data-error-for="${spec.name}">${error ? escapeHtml(error) : ''}</p>
</div>`;
}

function countryHtml(session: TestSession, values: FormValues, errors: FormErrors): string {
  const error = errors.country;
  const selected = values.country || (session.countries.length === 1 ? (session.countries[0] ?? '') : '');
  const options = [...session.countries]
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map(
      (c) =>
        `<option value="${escapeHtml(c.code)}"${c.code === selected ? ' selected' : ''}>${escapeHtml(c.name)}</option>`,
    )
    .join('');
  return `<div class="field">
<label for="f-country">Country</label>
<p class="hint" id="f-country-hint">Delivery to ${escapeHtml(session.summary.destination?.label ?? SHIPPING_ZONES[session.zone].label)}, as chosen in your cart.</p>
<select id="f-country" name="country" autocomplete="shipping country" required aria-describedby="f-country-hint f-country-error"${error ? ' aria-invalid="true"' : ''}>
<option value=""${selected ? '' : ' selected'} disabled>Choose a country</option>
${options}
</select>
<p class="error" id="f-country-error" data-error-for="country">${error ? escapeHtml(error) : ''}</p>
</div>`;
}

/** The delivery address step; none for gift cards alone (nothing is posted). */
function addressHtml(session: TestSession, values: FormValues, errors: FormErrors): string {
  return `<fieldset><legend>Delivery address</legend>
${ADDRESS_FIELDS.map((f) => fieldHtml(f, values, errors)).join('\n')}
${countryHtml(session, values, errors)}
</fieldset>`;
}

export interface PageState {
  readonly values: FormValues;
  readonly errors: FormErrors;
  /** A payment-level message (declined, unsupported card), shown as an alert above the form. */
  readonly alert: string | null;
}

export function checkoutPage(session: TestSession, state: PageState): string {
  const { values, errors, alert } = state;
  const errorCount = Object.keys(errors).length;
  const alertText =
    alert ??
    (errorCount > 0 ? 'Some details are missing or not valid. Please check the marked fields.' : null);
  const main = `<div class="grid">
${summaryHtml(session)}
<section class="card pay" aria-labelledby="pay-title">
<h1 id="pay-title">Pay ${escapeHtml(money(session.summary.total))}</h1>
<p class="test-help">Test cards: <strong>4242 4242 4242 4242</strong> pays; <strong>4000 0000 0000 0002</strong> is declined. Use any future expiry date and any 3-digit CVC.</p>
${alertText ? `<div class="alert" role="alert" id="form-alert" tabindex="-1">${escapeHtml(alertText)}</div>` : ''}
<form method="post" action="/test-checkout/${escapeHtml(session.id)}/pay" id="pay-form" novalidate>
<fieldset><legend>Contact</legend>
${CONTACT_FIELDS.map((f) => fieldHtml(f, values, errors)).join('\n')}
</fieldset>
${session.summary.nothingPosted ? '' : addressHtml(session, values, errors)}
<fieldset><legend>Card details</legend>
${CARD_FIELDS.map((f) => fieldHtml(f, values, errors)).join('\n')}
</fieldset>
<p class="hint" id="submit-hint">Fill in every field to continue.</p>
<button type="submit" class="primary" id="pay-button" aria-describedby="submit-hint">Proceed to Payment</button>
</form>
<p class="cancel"><a href="/test-checkout/${escapeHtml(encodeURIComponent(session.id))}/cancel">Cancel and return to ${escapeHtml(BRAND.name)}</a></p>
</section>
</div>`;
  return layout(`Test checkout: ${BRAND.name}`, main);
}

export function messagePage(
  title: string,
  text: string,
  link: { href: string; label: string } | null,
): string {
  const main = `<section class="card message">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
${link ? `<p><a class="primary-link" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}
</section>`;
  return layout(`${title}: ${BRAND.name}`, main);
}
