/**
 * The early-bird price on the desk's Discounts (docs/product/numbers.md §4.2a): percent, minimum pieces and the
 * last day, or off. Saved through PATCH /api/admin/settings with the desk's submission key; checked here
 * with the server's own schema first, so each field shows the server's message under it.
 */
import { type FormEvent, useCallback, useId, useState } from 'react';
import { earlyBirdTermsSchema, type ShopSettings } from '../../../../domain/making/today';
import { EARLY_BIRD_MIN_PIECES, EARLY_BIRD_PERCENT } from '../../../../domain/offers/discounts';
import {
  EARLY_BIRD_LIMITS,
  type EarlyBirdTerms,
  earlyBirdLastDay,
} from '../../../../domain/offers/early-bird';
import { formatIrishDate, irishDate } from '../../../../domain/shared/calendar-date';
import { deskApi } from '../desk-api';
import { Field } from '../ui/desk-fields';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage } from '../ui/desk-ui';

type FieldName = keyof EarlyBirdTerms;

/** The two whole numbers, each within its bounds (EARLY_BIRD_LIMITS). */
const WHOLE_FIELDS = [
  { name: 'percent', label: 'Percent off' },
  { name: 'minPieces', label: 'Minimum pieces' },
] as const;

function savedText(terms: EarlyBirdTerms | null): string {
  return terms
    ? `Saved: ${terms.percent}% off orders of ${terms.minPieces}+ pieces through ${earlyBirdLastDay(terms)}.`
    : 'Saved: no early-bird price.';
}

export function EarlyBirdSetting() {
  const [loaded, , replace] = useDeskData('settings', () => deskApi.settings());
  return (
    <section
      aria-labelledby="early-bird-setting"
      className="mt-6 rounded-2xl border border-line bg-white p-5"
    >
      <h2 id="early-bird-setting" className="text-xl">
        Early-bird price
      </h2>
      <p className="mt-1 text-sm text-muted">
        Applied in the cart without a code to orders of at least the minimum pieces, through the end of the
        last day (Irish time). It never stacks with a discount code: an order gets whichever takes more off,
        and the cart says which. The cart and the Bespoke &amp; Corporate page state these terms within a
        minute of saving.
      </p>
      {/* While the terms load, the form stands in their place, its controls off: the New code button and
          the codes below never move when the terms arrive (a click aimed at the button would land in the
          form). The loaded form takes its place afresh, its fields from the saved terms. */}
      {loaded.state === 'error' ? (
        <ErrorMessage>{loaded.message}</ErrorMessage>
      ) : (
        <EarlyBirdForm
          key={loaded.state}
          settings={loaded.state === 'ready' ? loaded.data : null}
          onSaved={replace}
        />
      )}
    </section>
  );
}

function EarlyBirdForm({
  settings,
  onSaved,
}: {
  /** Null while the saved terms load: the same form, every control off and empty. */
  readonly settings: ShopSettings | null;
  readonly onSaved: (settings: ShopSettings) => void;
}) {
  const id = useId();
  const loading = settings === null;
  const terms = settings?.earlyBird ?? null;
  const [on, setOn] = useState(terms !== null);
  const [whole, setWhole] = useState(
    loading
      ? { percent: '', minPieces: '' }
      : {
          percent: String(terms?.percent ?? EARLY_BIRD_PERCENT),
          minPieces: String(terms?.minPieces ?? EARLY_BIRD_MIN_PIECES),
        },
  );
  const [until, setUntil] = useState(terms?.until ?? '');
  const [invalid, setInvalid] = useState<Partial<Record<FieldName, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const save = useDeskAction(
    useCallback(
      async (submission: string, earlyBird: EarlyBirdTerms | null) => {
        const now = await deskApi.updateSettings({ earlyBird }, submission);
        setSaved(savedText(now.earlyBird));
        onSaved(now);
      },
      [onSaved],
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setSaved(null);
    if (!on) {
      setInvalid({});
      void save.run(null);
      return;
    }
    const number = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
    const parsed = earlyBirdTermsSchema.safeParse({
      percent: number(whole.percent),
      minPieces: number(whole.minPieces),
      until,
    });
    if (!parsed.success) {
      const errors: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        errors[field] ??= issue.message;
      }
      setInvalid(errors);
      return;
    }
    setInvalid({});
    void save.run(parsed.data);
  };
  const field = (name: string) => `${id}-${name}`;
  const ended = terms !== null && terms.until < irishDate(new Date());
  return (
    <form className="mt-4 grid gap-4 sm:grid-cols-3" onSubmit={submit} noValidate>
      <label className="flex min-h-11 items-center gap-2 sm:col-span-3">
        <input type="checkbox" checked={on} disabled={loading} onChange={(e) => setOn(e.target.checked)} />{' '}
        Offer an early-bird price
      </label>
      {WHOLE_FIELDS.map(({ name, label }) => (
        <Field
          key={name}
          id={field(name)}
          label={label}
          type="number"
          inputMode="numeric"
          min={EARLY_BIRD_LIMITS[name].min}
          max={EARLY_BIRD_LIMITS[name].max}
          step={1}
          value={whole[name]}
          disabled={!on || loading}
          onChange={(e) => setWhole({ ...whole, [name]: e.target.value })}
          error={invalid[name]}
        />
      ))}
      <Field
        id={field('until')}
        label="Last day"
        type="date"
        value={until}
        disabled={!on || loading}
        onChange={(e) => setUntil(e.target.value)}
        error={invalid.until}
      />
      {ended ? (
        <p className="text-sm text-muted sm:col-span-3">
          The last day has passed (today is {formatIrishDate(new Date())}): the shop shows and charges no
          early-bird price until you set a new last day.
        </p>
      ) : null}
      {save.error ? (
        <div className="sm:col-span-3">
          <ErrorMessage>{save.error}</ErrorMessage>
        </div>
      ) : null}
      <div className="flex items-center gap-3 sm:col-span-3">
        <button type="submit" className={buttonClass.primary} disabled={save.busy || loading}>
          {save.busy ? 'Saving…' : 'Save early-bird price'}
        </button>
        {loading ? (
          <p role="status" className="text-sm text-muted">
            Loading the early-bird price…
          </p>
        ) : null}
        {saved ? (
          <p role="status" className="text-sm text-success">
            {saved}
          </p>
        ) : null}
      </div>
    </form>
  );
}
