// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type AddressDraft, AddressFields } from './address-fields';

const EMPTY: AddressDraft = { line1: '', line2: '', city: '', state: '', postalCode: '', country: 'IE' };

function Harness({ errors = {} }: { readonly errors?: Readonly<Record<string, string>> }) {
  const [address, setAddress] = useState(EMPTY);
  return (
    <>
      <AddressFields
        value={address}
        idOf={(part) => `order-${part}`}
        errors={errors}
        onChange={(change) => setAddress((a) => ({ ...a, ...change }))}
      />
      <output aria-label="Address typed">{JSON.stringify(address)}</output>
    </>
  );
}

describe('AddressFields', () => {
  it('asks for each part by its label, the optional ones said so, and keeps what is typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    for (const name of [
      'Address',
      'Address, second line (optional)',
      'Town or city',
      'County or region (optional)',
      'Eircode or postcode (optional)',
      'Country code',
    ])
      expect(screen.getByRole('textbox', { name })).toBeInTheDocument();

    const country = screen.getByRole('textbox', { name: 'Country code' });
    expect(country).toHaveAccessibleDescription('Two letters: IE for Ireland, FR for France…');
    expect(country).toHaveAttribute('maxLength', '2');

    await user.type(screen.getByRole('textbox', { name: 'Address' }), '3 Quay Street');
    await user.type(screen.getByRole('textbox', { name: 'Town or city' }), 'Galway');
    await user.clear(country);
    await user.type(country, 'FR');
    expect(JSON.parse(screen.getByRole('status', { name: 'Address typed' }).textContent ?? '')).toEqual({
      ...EMPTY,
      line1: '3 Quay Street',
      city: 'Galway',
      country: 'FR',
    });
  });

  it('shows a refusal under the part it names', () => {
    render(<Harness errors={{ 'order-country': 'FR is not in the zone Ireland' }} />);
    const country = screen.getByRole('textbox', { name: 'Country code' });
    expect(country).toHaveAttribute('aria-invalid', 'true');
    expect(country).toHaveAccessibleDescription(
      'FR is not in the zone Ireland Two letters: IE for Ireland, FR for France…',
    );
    expect(screen.getByRole('textbox', { name: 'Town or city' })).not.toHaveAttribute('aria-invalid');
  });
});
