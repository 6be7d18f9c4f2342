// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SHIPPING_ZONES, ZONE_IDS, type ZoneId } from '../../../../domain/config';
import { Field, SelectField, TextAreaField, ZoneField } from './desk-fields';

describe('Field, TextAreaField and SelectField', () => {
  it('are labelled with their note, described by their hint, and by their message once refused', () => {
    const { rerender } = render(
      <>
        <Field id="line2" label="Address, second line" note="optional" hint="Flat or house name." />
        <TextAreaField id="notes" label="Private notes" />
        <SelectField id="method" label="Paid by">
          <option value="cash">Cash</option>
          <option value="card">Card reader</option>
        </SelectField>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Address, second line (optional)' });
    expect(input).toHaveAccessibleDescription('Flat or house name.');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'Private notes' }).tagName).toBe('TEXTAREA');
    const select = screen.getByRole('combobox', { name: 'Paid by' });
    expect(select).not.toHaveAttribute('aria-describedby');
    expect(select).toHaveValue('cash');

    rerender(
      <>
        <Field id="line2" label="Address, second line" note="optional" hint="Flat or house name." />
        <TextAreaField id="notes" label="Private notes" />
        <SelectField id="method" label="Paid by" error="Choose how it was paid.">
          <option value="cash">Cash</option>
          <option value="card">Card reader</option>
        </SelectField>
      </>,
    );
    const refused = screen.getByRole('combobox', { name: 'Paid by' });
    expect(refused).toHaveAttribute('aria-invalid', 'true');
    expect(refused).toHaveAccessibleDescription('Choose how it was paid.');
  });

  it('gives a row among many its small label, still tied to the control', () => {
    render(<Field id="qty-1" label="Quantity of line 1" compact type="number" defaultValue="2" />);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of line 1' });
    expect(quantity).toHaveValue(2);
    expect(screen.getByText('Quantity of line 1')).toHaveClass('text-xs', 'text-muted');
  });
});

describe('ZoneField', () => {
  function Harness({ onZone }: { readonly onZone: (zone: ZoneId) => void }) {
    const [zone, setZone] = useState<ZoneId>('IE');
    return (
      <ZoneField
        id="zone"
        value={zone}
        onChange={(next) => {
          setZone(next);
          onZone(next);
        }}
      />
    );
  }

  it('offers every delivery zone by its name and reports the one chosen', async () => {
    const user = userEvent.setup();
    const onZone = vi.fn();
    render(<Harness onZone={onZone} />);
    const select = screen.getByRole('combobox', { name: 'Delivery zone' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      ZONE_IDS.map((z) => SHIPPING_ZONES[z].label),
    );
    await user.selectOptions(select, 'EU');
    expect(onZone).toHaveBeenCalledWith('EU');
    expect(select).toHaveValue('EU');
  });

  it('shows the refusal under the select', () => {
    render(<ZoneField id="zone" value="IE" error="FR is not in the zone Ireland" onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Delivery zone' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('FR is not in the zone Ireland');
  });
});
