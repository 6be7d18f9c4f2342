// Test checkout page behaviour: 'Proceed to Payment' is enabled only while every field is valid, field
// messages appear once a field has been left, and a second click cannot pay twice. The server checks
// everything again; without this script the form still works.
(() => {
  const form = document.getElementById('pay-form');
  const button = document.getElementById('pay-button');
  const hint = document.getElementById('submit-hint');
  if (!(form instanceof HTMLFormElement) || !(button instanceof HTMLButtonElement)) return;

  const MESSAGES = {
    email: 'Please enter a valid email address',
    name: 'Enter the full name for delivery',
    line1: 'Enter the street address',
    city: 'Enter the town or city',
    postalCode: 'Enter the postcode (Eircode in Ireland)',
    country: 'Choose a country this order can be delivered to',
    cardNumber: 'Enter a valid card number',
    expiry: 'Enter the expiry date as MM / YY',
    cvc: 'Enter the 3 or 4 digit security code',
  };

  const luhn = (digits) => {
    let sum = 0;
    let double = false;
    for (let i = digits.length - 1; i >= 0; i--) {
      let d = digits.charCodeAt(i) - 48;
      if (double) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
      double = !double;
    }
    return sum % 10 === 0;
  };

  const custom = {
    cardNumber(value) {
      const digits = value.replace(/[\s-]/g, '');
      return /^\d{13,19}$/.test(digits) && luhn(digits) ? '' : MESSAGES.cardNumber;
    },
    expiry(value) {
      const m = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(value.trim());
      if (!m) return MESSAGES.expiry;
      const end = new Date(Date.UTC(2000 + Number(m[2]), Number(m[1]), 1));
      return end.getTime() <= Date.now() ? 'This card has expired' : '';
    },
    email(value) {
      const v = value.trim();
      if (v.length > 255) return 'Email must be less than 255 characters';
      return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v) ? '' : MESSAGES.email;
    },
  };

  const fields = Array.from(form.querySelectorAll('input, select'));
  const touched = new Set();

  const check = (field) => {
    const rule = custom[field.name];
    field.setCustomValidity(rule ? rule(field.value) : '');
    return field.checkValidity();
  };

  const showError = (field) => {
    const box = form.querySelector(`[data-error-for="${field.name}"]`);
    if (!box) return;
    const valid = check(field);
    box.textContent = valid ? '' : custom[field.name]?.(field.value) || MESSAGES[field.name] || 'Required';
    if (valid) field.removeAttribute('aria-invalid');
    else field.setAttribute('aria-invalid', 'true');
  };

  const update = () => {
    const allValid = fields.every(check);
    button.disabled = !allValid;
    if (hint) hint.hidden = allValid;
  };

  for (const field of fields) {
    field.addEventListener('input', () => {
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
      for (const field of fields) showError(field);
      update();
      return;
    }
    button.disabled = true;
    button.textContent = 'Processing payment...';
    button.setAttribute('aria-busy', 'true');
  });

  // Browsers restore a page from the back/forward cache with the button still marked as processing.
  window.addEventListener('pageshow', () => {
    button.textContent = 'Proceed to Payment';
    button.removeAttribute('aria-busy');
    update();
  });

  update();
  const alert = document.getElementById('form-alert');
  if (alert) alert.focus();
})();
