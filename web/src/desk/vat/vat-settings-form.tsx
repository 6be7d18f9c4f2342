/**
 * The VAT mode controls of the desk's Settings (docs/product/vat.md §20.1), owner only like the whole screen:
 * the mode, the seller's VAT number (the same value as the seller's), Great Britain, and the UK VAT
 * number when she charges UK VAT. Checked with the server's own schema first; each message shows under
 * its field.
 */
import { type FormEvent, useId, useState } from 'react';
import type { GbChoice, VatMode } from '../../../../domain/vat/vat-breakdown';
import {
  IRISH_VAT_NUMBER,
  VAT_SETTINGS_MESSAGES,
  type VatSettings,
  type VatSettingsPatch,
  vatSettingsPatchSchema,
} from '../../../../domain/vat/vat-settings';
import { Field } from '../ui/desk-fields';

const MODE_LABELS: Readonly<Record<VatMode, string>> = {
  none: 'Not registered for VAT',
  ireland: 'Registered in Ireland (Irish VAT on every sale)',
  oss: 'Registered for OSS (the buyer’s country’s VAT for consumers elsewhere in the EU)',
};

const GB_LABELS: Readonly<Record<GbChoice, string>> = {
  no_sale: 'Do not sell to Great Britain',
  uk_vat: 'Sell to Great Britain and charge UK VAT (I have a UK VAT number)',
};

function formOf(value: VatSettings) {
  return {
    mode: value.mode,
    gb: value.gb,
    vatNumber: value.vatNumber ?? '',
    ukVatNumber: value.ukVatNumber ?? '',
  };
}

export function VatSettingsForm({
  value,
  onSubmit,
  problem,
  children,
}: {
  readonly value: VatSettings;
  readonly onSubmit: (vat: VatSettingsPatch) => void;
  /** The server's or the form's message, `vat.field: words`. */
  readonly problem: string | null;
  /** The save row. */
  readonly children: React.ReactNode;
}) {
  const id = useId();
  const [form, setForm] = useState(() => formOf(value));
  const [local, setLocal] = useState<string | null>(null);
  // Always the settings as saved: a save anywhere (the seller's, another desk's) starts the form again
  // from them, so it never shows a mode or number the shop no longer has.
  const saved = JSON.stringify(value);
  const [shownFor, setShownFor] = useState(saved);
  if (shownFor !== saved) {
    setShownFor(saved);
    setForm(formOf(value));
    setLocal(null);
  }
  const shown = local ?? problem;
  const errorFor = (field: string) =>
    shown?.startsWith(`vat.${field}:`) ? shown.replace(/^vat\.[A-Za-z]+: /, '') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch = {
      mode: form.mode,
      gb: form.gb,
      vatNumber: form.vatNumber.trim() === '' ? null : form.vatNumber.trim().toUpperCase(),
      ...(form.gb === 'uk_vat' ? { ukVatNumber: form.ukVatNumber.trim().toUpperCase() || null } : {}),
    };
    const parsed = vatSettingsPatchSchema.safeParse(patch);
    // The server's rule too: a registered mode needs the Irish number.
    const unnumbered =
      patch.mode !== 'none' && (patch.vatNumber === null || !IRISH_VAT_NUMBER.test(patch.vatNumber));
    const message = parsed.success
      ? unnumbered
        ? VAT_SETTINGS_MESSAGES.vatNumber
        : null
      : (parsed.error.issues[0]?.message ?? 'This is not valid');
    setLocal(message);
    if (parsed.success && message === null) onSubmit(parsed.data);
  };
  return (
    <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
      <fieldset>
        <legend className="text-sm font-medium">VAT mode</legend>
        {(Object.keys(MODE_LABELS) as VatMode[]).map((mode) => (
          <label key={mode} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={form.mode === mode}
              onChange={() => setForm({ ...form, mode })}
            />
            {MODE_LABELS[mode]}
          </label>
        ))}
        {errorFor('mode') ? <p className="text-sm text-danger">{errorFor('mode')}</p> : null}
      </fieldset>
      <Field
        id={`${id}-vat-number`}
        label="Irish VAT number"
        note={form.mode === 'none' ? 'optional' : undefined}
        hint="IE1234567T: the seller's VAT number, on the invoices and the legal pages once the shop is registered."
        value={form.vatNumber}
        onChange={(e) => setForm({ ...form, vatNumber: e.target.value })}
        error={errorFor('vatNumber')}
      />
      <fieldset>
        <legend className="text-sm font-medium">Great Britain</legend>
        {(Object.keys(GB_LABELS) as GbChoice[]).map((gb) => (
          <label key={gb} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={`${id}-gb`}
              checked={form.gb === gb}
              onChange={() => setForm({ ...form, gb })}
            />
            {GB_LABELS[gb]}
          </label>
        ))}
      </fieldset>
      {form.gb === 'uk_vat' ? (
        <Field
          id={`${id}-uk-vat-number`}
          label="UK VAT number"
          hint="GB and 9 or 12 digits."
          value={form.ukVatNumber}
          onChange={(e) => setForm({ ...form, ukVatNumber: e.target.value })}
          error={errorFor('ukVatNumber')}
        />
      ) : null}
      {children}
    </form>
  );
}
