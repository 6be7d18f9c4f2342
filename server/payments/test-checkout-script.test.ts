/**
 * The test checkout page's script as browsers get it (built by Vite with the domain rules it imports, as
 * `npm run build:web` builds it), run on the page the server renders: 'Proceed to Payment' is never
 * disabled; pressed while a field fails the rules the server applies again, it says what is missing next
 * to each field and focuses the first. A field's message also appears once it has been left. The page
 * gets a window of its own.
 */
import path from 'node:path';
import '@testing-library/jest-dom/vitest';
import { within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { JSDOM } from 'jsdom';
import { build } from 'vite';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../domain/payments/payment-form';
import { EMAIL_MESSAGES } from '../../domain/shared/email';
import type { TestSession } from './test-checkout';
import { FORM_FIELDS, type FormValues } from './test-checkout-form';
import { checkoutPage } from './test-checkout-page';

const CONFIG = path.resolve(import.meta.dirname, '../../vite.test-checkout.config.ts');

/** The script from the front end's build, written to memory instead of dist/web. */
async function builtScript(): Promise<string> {
  const result = await build({ configFile: CONFIG, logLevel: 'silent', build: { write: false } });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk');
  if (chunks.length !== 1 || !chunks[0]) throw new Error(`expected one script, got ${chunks.length}`);
  return chunks[0].code;
}

let script = '';
beforeAll(async () => {
  script = await builtScript();
});

const SESSION: TestSession = {
  id: 'cs_test_scriptpage12345678',
  orderId: 'order-1',
  status: 'open',
  paymentStatus: 'unpaid',
  email: '',
  zone: 'IE',
  countries: ['IE'],
  summary: { lines: [], subtotal: 3500, shipping: 495, giftWrap: 0, total: 3995 },
  successUrl: 'http://shop.test/#/order-confirmation',
  cancelUrl: 'http://shop.test/#/payment-canceled',
  shipping: null,
  declines: 0,
};

let dom: JSDOM;
let page: ReturnType<typeof within>;
let user: UserEvent;

/** The page the server renders for `session`, with the built script running in it. */
function open(session: TestSession): void {
  const values = Object.fromEntries(FORM_FIELDS.map((f) => [f, ''])) as Record<keyof FormValues, string>;
  dom = new JSDOM(checkoutPage(session, { values, errors: {}, alert: null }), { runScripts: 'outside-only' });
  // A classic script, as the page loads it: no import or export is left in the build.
  expect(script).not.toMatch(/^\s*(import|export)\b/m);
  dom.window.eval(script);
  page = within(dom.window.document.body);
  user = userEvent.setup({ document: dom.window.document });
}

beforeEach(() => open(SESSION));
afterEach(() => dom.window.close());

describe('test checkout page script', () => {
  it('pressed with empty fields, Proceed to Payment says what is missing next to each field and focuses the first', async () => {
    const form = dom.window.document.getElementById('pay-form') as HTMLFormElement;
    const sent: boolean[] = [];
    form.addEventListener('submit', (event) => {
      sent.push(!event.defaultPrevented);
      event.preventDefault();
    });
    const pay = page.getByRole('button', { name: 'Proceed to Payment' });
    expect(pay).toBeEnabled();
    await user.click(pay);
    expect(sent).toEqual([false]);

    const expected: Readonly<Record<string, string>> = {
      Email: EMAIL_MESSAGES.invalid,
      'Full name': FIELD_MESSAGES.name,
      Address: FIELD_MESSAGES.line1,
      'Town or city': FIELD_MESSAGES.city,
      Postcode: FIELD_MESSAGES.postalCode,
      'Card number': FIELD_MESSAGES.cardNumber,
      'Expiry date (MM / YY)': FIELD_MESSAGES.expiry,
      'Security code (CVC)': FIELD_MESSAGES.cvc,
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = page.getByLabelText(label);
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(field, label).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(page.getByLabelText('Flat, suite or building (optional)')).not.toHaveAttribute('aria-invalid');
    expect(page.getByLabelText('Email')).toHaveFocus();
    expect(pay).toBeEnabled();

    // Fixed one by one, each message goes as the field becomes valid; pressed again, focus goes to the
    // first field still missing.
    await user.type(page.getByLabelText('Email'), 'aoife@example.ie');
    expect(page.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    await user.type(page.getByLabelText('Full name'), 'Aoife Byrne');
    await user.click(pay);
    expect(sent).toEqual([false, false]);
    expect(page.getByLabelText('Address')).toHaveFocus();
  });

  it('marks a card number the server would refuse, with the server’s card checks', async () => {
    const pay = page.getByRole('button', { name: 'Proceed to Payment' });

    await user.type(page.getByLabelText('Email'), 'aoife@example.ie');
    await user.type(page.getByLabelText('Full name'), 'Aoife Byrne');
    await user.type(page.getByLabelText('Address'), '4 Quay Street');
    await user.type(page.getByLabelText('Town or city'), 'Galway');
    await user.type(page.getByLabelText('Postcode'), 'H91 X2Y3');
    await user.type(page.getByLabelText('Card number'), '4242 4242 4242 4241');
    await user.type(page.getByLabelText('Expiry date (MM / YY)'), '12 / 39');
    await user.type(page.getByLabelText('Security code (CVC)'), '123');
    await user.click(pay);
    expect(page.getByText(FIELD_MESSAGES.cardNumber)).toBeInTheDocument();
    expect(page.getByLabelText('Card number')).toHaveFocus();
    expect(page.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');

    const card = page.getByLabelText('Card number');
    await user.clear(card);
    await user.type(card, '4242 4242 4242 4242');
    expect(pay).toBeEnabled();
    expect(card).not.toHaveAttribute('aria-invalid');
    expect(page.queryByText(FIELD_MESSAGES.cardNumber)).toBeNull();
  });

  it('says when the card has expired', async () => {
    await user.type(page.getByLabelText('Expiry date (MM / YY)'), '01 / 20');
    await user.tab();
    expect(page.getByText(FIELD_MESSAGES.expired)).toBeInTheDocument();
  });

  it('groups the card number and writes the expiry as MM / YY while they are typed on a keypad', async () => {
    const card = page.getByLabelText('Card number');
    await user.type(card, '4242424242424242');
    expect(card).toHaveValue('4242 4242 4242 4242');
    const expiry = page.getByLabelText('Expiry date (MM / YY)');
    await user.type(expiry, '1230');
    expect(expiry).toHaveValue('12 / 30');
    await user.type(expiry, '{Backspace}{Backspace}');
    expect(expiry).toHaveValue('12');
  });

  it('has an optional second address line', () => {
    const line2 = page.getByLabelText('Flat, suite or building (optional)');
    expect(line2).not.toBeRequired();
    expect(line2).toHaveAttribute('autocomplete', 'shipping address-line2');
  });
});

describe('test checkout page of gift cards alone', () => {
  const CARDS: TestSession = {
    ...SESSION,
    countries: [],
    summary: {
      lines: [{ name: 'Solas gift card', quantity: 1, unitPrice: 5000, lineTotal: 5000 }],
      subtotal: 5000,
      shipping: 0,
      giftWrap: 0,
      total: 5000,
      nothingPosted: true,
    },
  };

  it('asks for no address and shows no delivery: the e-mail and the card pay', async () => {
    dom.window.close();
    open(CARDS);
    expect(page.queryByRole('group', { name: 'Delivery address' })).toBeNull();
    for (const label of ['Full name', 'Address', 'Town or city', 'Postcode', 'Country'])
      expect(page.queryByLabelText(label), label).toBeNull();
    expect(page.queryByText(/^Delivery/)).toBeNull();
    expect(page.queryByTestId('delivery-promise')).toBeNull();
    expect(page.getByText('Solas gift card')).toBeInTheDocument();

    const form = dom.window.document.getElementById('pay-form') as HTMLFormElement;
    const sent: boolean[] = [];
    form.addEventListener('submit', (event) => {
      sent.push(!event.defaultPrevented);
      event.preventDefault();
    });
    await user.type(page.getByLabelText('Email'), 'aoife@example.ie');
    await user.type(page.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(page.getByLabelText('Expiry date (MM / YY)'), '12 / 39');
    await user.type(page.getByLabelText('Security code (CVC)'), '123');
    await user.click(page.getByRole('button', { name: 'Proceed to Payment' }));
    expect(sent).toEqual([true]);
  });
});
