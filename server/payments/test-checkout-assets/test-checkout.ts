// Test checkout page behaviour (docs/product/order-flow.md §6.5): 'Proceed to Payment' can always be pressed; pressed
// while something is missing or not valid, it pays nothing, shows each field's message next to it (the
// field marked aria-invalid and described by its message) and moves focus to the first such field, which
// a disabled button could never tell a screen reader. Field messages also appear once a field has been
// left, and a second click cannot pay twice. The server checks everything again with the same rules
// (domain/payments/payment-form.ts, domain/shared/email.ts); without this script the form still works. Runs in the
// browser: built with its imports by Vite with the front end (server/payments/test-checkout-script.ts).

import { cardNumberError, expiryError, FIELD_MESSAGES } from '../../../domain/payments/payment-form';
import { checkEmail, EMAIL_MESSAGES } from '../../../domain/shared/email';
import { caretAfterDigits, formatExpiry, groupCardNumber } from '../test-checkout-typing';

type Field = HTMLInputElement | HTMLSelectElement;

const MESSAGES: Readonly<Record<string, string>> = { ...FIELD_MESSAGES, email: EMAIL_MESSAGES.invalid };

/** Rules beyond the browser's own constraint checks; each returns the field's message or ''. */
const CUSTOM: Readonly<Record<string, (value: string) => string>> = {
  cardNumber: (value) => cardNumberError(value) ?? '',
  expiry: (value) => expiryError(formatExpiry(value), new Date()) ?? '',
  email: (value) => {
    const check = checkEmail(value);
    return check.ok ? '' : check.message;
  },
};

/** Fields written as they are typed: a phone's numeric keypad has no space or slash. */
const AS_TYPED: Readonly<Record<string, (value: string) => string>> = {
  cardNumber: groupCardNumber,
  expiry: formatExpiry,
};

/** Rewrites the field in its format, keeping the caret after the same digit. */
function formatAsTyped(field: Field): void {
  const format = AS_TYPED[field.name];
  if (!format || !(field instanceof HTMLInputElement)) return;
  const typed = field.value;
  const formatted = format(typed);
  if (formatted === typed) return;
  const caret = field.selectionStart ?? typed.length;
  const digitsBefore = typed.slice(0, caret).replace(/\D/g, '').length;
  field.value = formatted;
  const at = caretAfterDigits(formatted, digitsBefore);
  if (document.activeElement === field) field.setSelectionRange(at, at);
}

function enhance(form: HTMLFormElement, button: HTMLButtonElement): void {
  const hint = document.getElementById('submit-hint');
  const fields = Array.from(form.querySelectorAll<Field>('input, select'));
  const touched = new Set<Field>();

  const check = (field: Field): boolean => {
    const rule = CUSTOM[field.name];
    field.setCustomValidity(rule ? rule(field.value) : '');
    return field.checkValidity();
  };

  const showError = (field: Field): void => {
    const box = form.querySelector(`[data-error-for="${field.name}"]`);
    if (!box) return;
    const valid = check(field);
    box.textContent = valid ? '' : CUSTOM[field.name]?.(field.value) || MESSAGES[field.name] || 'Required';
    if (valid) field.removeAttribute('aria-invalid');
    else field.setAttribute('aria-invalid', 'true');
  };

  const update = (): void => {
    if (hint) hint.hidden = fields.every(check);
  };

  for (const field of fields) {
    field.addEventListener('input', () => {
      formatAsTyped(field);
      if (touched.has(field)) showError(field);
      update();
    });
    field.addEventListener('change', update);
    field.addEventListener('blur', () => {
      if (field.value !== '') touched.add(field);
      if (touched.has(field)) showError(field);
    });
  }

  form.addEventListener('submit', (event) => {
    if (!fields.every(check)) {
      event.preventDefault();
      for (const field of fields) {
        touched.add(field);
        showError(field);
      }
      update();
      fields.find((field) => !check(field))?.focus();
      return;
    }
    button.disabled = true;
    button.textContent = 'Processing payment...';
    button.setAttribute('aria-busy', 'true');
  });

  // Browsers restore a page from the back/forward cache with the button still marked as processing.
  window.addEventListener('pageshow', () => {
    button.disabled = false;
    button.textContent = 'Proceed to Payment';
    button.removeAttribute('aria-busy');
    update();
  });

  update();
  document.getElementById('form-alert')?.focus();
}

const form = document.getElementById('pay-form');
const button = document.getElementById('pay-button');
if (form instanceof HTMLFormElement && button instanceof HTMLButtonElement) enhance(form, button);
