/**
 * A postal address as the desk types it (an order taken by phone or at a fair): the lines, town, region,
 * postcode and the two-letter country code the server checks against the delivery zone. Each field's id
 * comes from `idOf(part)`, so a refusal naming `customer.address.city` finds its field.
 */
import { Field } from './desk-fields';

export interface AddressDraft {
  readonly line1: string;
  readonly line2: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  readonly country: string;
}

type AddressPart = keyof AddressDraft;

const PARTS: readonly {
  readonly part: AddressPart;
  readonly label: string;
  readonly note?: string;
  readonly hint?: string;
}[] = [
  { part: 'line1', label: 'Address' },
  { part: 'line2', label: 'Address, second line', note: 'optional' },
  { part: 'city', label: 'Town or city' },
  { part: 'state', label: 'County or region', note: 'optional' },
  { part: 'postalCode', label: 'Eircode or postcode', note: 'optional' },
  { part: 'country', label: 'Country code', hint: 'Two letters: IE for Ireland, FR for France…' },
];

export function AddressFields({
  value,
  idOf,
  errors,
  onChange,
}: {
  readonly value: AddressDraft;
  readonly idOf: (part: AddressPart) => string;
  /** Messages by field id (the form's own and the server's refusal). */
  readonly errors: Readonly<Record<string, string>>;
  readonly onChange: (change: Partial<AddressDraft>) => void;
}) {
  return (
    <>
      {PARTS.map(({ part, label, note, hint }) => (
        <Field
          key={part}
          id={idOf(part)}
          label={label}
          note={note}
          hint={hint}
          {...(part === 'country' ? { maxLength: 2, autoCapitalize: 'characters' } : {})}
          value={value[part]}
          error={errors[idOf(part)]}
          onChange={(e) => onChange({ [part]: e.target.value })}
        />
      ))}
    </>
  );
}
