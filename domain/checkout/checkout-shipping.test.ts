import { describe, expect, it } from 'vitest';
import { checkoutShippingSchema } from './checkout-shipping';
import { SHIPPING_MESSAGES, shippingErrors, shippingFieldOf, shippingMessageText } from './shipping-fields';

const ADDRESS = {
  name: 'Aoife Byrne',
  line1: '12 Quay Street',
  line2: '',
  city: 'Galway',
  postalCode: 'H91 X2Y3',
  country: 'IE',
};

describe('the delivery address of an order the gift cards pay in full', () => {
  it('the dialog and the server agree on each field, and name it', () => {
    const cases: [Partial<typeof ADDRESS>, keyof typeof ADDRESS][] = [
      [{ name: '   ' }, 'name'],
      [{ line1: '' }, 'line1'],
      [{ line2: 'Flat 4\nBlock B' }, 'line2'],
      [{ city: 'x'.repeat(101) }, 'city'],
      [{ postalCode: '-12' }, 'postalCode'],
    ];
    for (const [change, field] of cases) {
      const address = { ...ADDRESS, ...change };
      expect(shippingErrors(address, ['IE'])).toEqual({
        [field]: shippingMessageText(SHIPPING_MESSAGES[field]),
      });
      const parsed = checkoutShippingSchema.safeParse(address);
      expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(SHIPPING_MESSAGES[field]);
    }
    expect(shippingErrors(ADDRESS, ['IE'])).toEqual({});
    expect(shippingErrors(ADDRESS, ['FR', 'DE'])).toEqual({
      country: shippingMessageText(SHIPPING_MESSAGES.country),
    });
  });

  it('trims the fields, reads the country in any case, and refuses an unknown key', () => {
    const parsed = checkoutShippingSchema.safeParse({ ...ADDRESS, name: ' Aoife Byrne ', country: 'ie' });
    expect(parsed.success && parsed.data).toMatchObject({ name: 'Aoife Byrne', country: 'IE' });
    expect(checkoutShippingSchema.safeParse({ ...ADDRESS, state: 'Galway' }).success).toBe(false);
  });

  it('tells the field a server refusal names, or the address as a whole', () => {
    expect(shippingFieldOf(SHIPPING_MESSAGES.city)).toBe('city');
    expect(shippingFieldOf(SHIPPING_MESSAGES.needed)).toBe('needed');
    expect(shippingFieldOf('giftCardCodes[0]: This gift card code is not valid')).toBeNull();
    expect(shippingFieldOf('shipping.state: nope')).toBeNull();
  });
});
