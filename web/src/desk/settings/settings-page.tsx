/**
 * The desk's Settings (docs/product/desk.md §10.11): one form per setting (who sells, shipping, making and
 * dispatch, away, the announcement bar), each saved on its own with the time the settings were read, so a
 * change saved elsewhere meanwhile is refused rather than overwritten. Each field is checked with the
 * server's own schema first and shows its message under it; each setting shows its history (audit rows).
 */
import { type FormEvent, type ReactNode, useCallback, useId, useState } from 'react';
import { ZONE_IDS, type ZoneId } from '../../../../domain/config';
import { christmasDatesBeforeHers, dispatchCalendar } from '../../../../domain/making/dispatch';
import { FEED_PATHS } from '../../../../domain/pages/feed-paths';
import { announcementContradiction } from '../../../../domain/settings/announcement';
import {
  type AllSettings,
  type AllSettingsPatch,
  AWAY_MODES,
  type AwayMode,
  announcementSchema,
  awaySchema,
  christmasLastOrderSchema,
  closuresSchema,
  DEFAULT_US_DUTY_PERCENT,
  SEEDED_ZONES,
  SHOP_SETTINGS_MESSAGES,
  type ShippingZoneSetting,
  sellerSettingsSchema,
  shippingSettingsSchema,
  socialSchema,
  workingDaysSchema,
  zoneNameOf,
} from '../../../../domain/settings/shop-settings';
import { formatDayMonth } from '../../../../domain/shared/calendar-date';
import { parseEuroInput } from '../../../../domain/shared/euro-input';
import { type Cents, formatEuro } from '../../../../domain/shared/money';
import { Field, TextAreaField } from '../ui/desk-fields';
import { formatInstant } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, Loading, PageHeading } from '../ui/desk-ui';
import { VatSettingsForm } from '../vat/vat-settings-form';
import { type SettingsHistory, settingsApi } from './settings-api';

type Schema = {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
};

/** The first problem `schema` finds in `value`, worded as the server words it; null when none. */
function problemOf(schema: Schema, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? 'This is not valid');
}

/** `seller.name: ...` -> `seller.name`: the field a message (the desk's or the server's) is about. */
function fieldOf(message: string | null): string | null {
  return message?.match(/^([A-Za-z.]+):/)?.[1] ?? null;
}

/** The message as the owner reads it: without the field's name in code (it shows under its field). */
function wordsOf(message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  const text = message.replace(/^[A-Za-z.]+: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface SectionProps {
  readonly settings: AllSettings;
  readonly history: SettingsHistory;
  readonly onSaved: (settings: AllSettings) => void;
}

/** Saves one key with the time the page read the settings; its message goes under the field it names. */
function useSave(settings: AllSettings, onSaved: (settings: AllSettings) => void) {
  const [saved, setSaved] = useState(false);
  const action = useDeskAction(
    useCallback(
      async (submission: string, patch: AllSettingsPatch) => {
        onSaved(await settingsApi.save({ ...patch, updatedAt: settings.updatedAt }, submission));
        setSaved(true);
      },
      [onSaved, settings.updatedAt],
    ),
  );
  return { ...action, saved, setSaved };
}

function Section({
  name,
  title,
  intro,
  history,
  children,
}: {
  readonly name: string;
  readonly title: string;
  readonly intro: ReactNode;
  readonly history: SettingsHistory;
  readonly children: ReactNode;
}) {
  const rows = history[name] ?? [];
  return (
    <section
      aria-labelledby={`settings-${name}`}
      className="mt-6 rounded-2xl border border-line bg-white p-5"
    >
      <h2 id={`settings-${name}`} className="text-xl">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{intro}</p>
      {children}
      <details className="mt-4 text-sm">
        <summary className="min-h-6 cursor-pointer">History ({rows.length})</summary>
        {rows.length === 0 ? (
          <p className="mt-2 text-muted">No change saved yet: the first start’s values apply.</p>
        ) : (
          <ol className="mt-2 grid gap-2">
            {rows.map((row) => (
              <li key={`${row.at}-${row.detail}`} className="break-words">
                <span className="font-medium">{formatInstant(row.at)}</span>: {row.detail}
              </li>
            ))}
          </ol>
        )}
      </details>
    </section>
  );
}

/** The saved announcement's free-shipping promise when the saved thresholds no longer keep it. */
function AnnouncementWarning({ settings }: { readonly settings: AllSettings }) {
  const warning = announcementContradiction(settings.announcement, settings.shipping.zones);
  if (!warning) return null;
  return (
    <p role="alert" className="mt-3 rounded-xl border border-danger bg-white p-3 text-sm font-medium">
      {warning}
    </p>
  );
}

function SaveRow({
  label,
  busy,
  error,
  saved,
}: {
  readonly label: string;
  readonly busy: boolean;
  readonly error: string | null;
  readonly saved: boolean;
}) {
  return (
    <div className="grid gap-2 sm:col-span-2">
      {error && !fieldOf(error) ? <ErrorMessage>{error}</ErrorMessage> : null}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? 'Saving…' : label}
        </button>
        {saved && !busy && !error ? (
          <p role="status" className="text-sm text-success">
            Saved. The shop shows it within a few seconds.
          </p>
        ) : null}
      </div>
    </div>
  );
}

function SellerSection({ settings, history, onSaved }: SectionProps) {
  const id = useId();
  // The VAT number and rate are the VAT section's (one VAT section), the EORI number and the duty the
  // customs section's: this one never sends them, so the saved ones stay.
  const { vatNumber: _number, vatRate: _rate, eori: _eori, usDutyPercent: _duty, ...who } = settings.seller;
  const [form, setForm] = useState(who);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave(settings, onSaved);
  const shown = problem ?? save.error;
  const errorFor = (field: string) => (fieldOf(shown) === `seller.${field}` ? wordsOf(shown) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.setSaved(false);
    const seller = { ...form, vatNumber: settings.seller.vatNumber, vatRate: settings.seller.vatRate };
    const found = problemOf(sellerSettingsSchema, seller);
    setProblem(found);
    if (!found) void save.run({ seller: sellerSettingsSchema.parse(seller) });
  };
  const text = (field: 'name' | 'address' | 'email' | 'orderEmail', label: string, extra: object = {}) => (
    <Field
      id={`${id}-${field}`}
      label={label}
      value={form[field]}
      onChange={(e) => setForm({ ...form, [field]: e.target.value })}
      error={errorFor(field)}
      {...extra}
    />
  );
  return (
    <Section
      name="seller"
      title="The seller"
      intro="Who sells, as the legal pages, the footer, the withdrawal form and the confirmation e-mail say it. Your VAT number is set in the VAT section below."
      history={history}
    >
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        {text('name', 'Legal name', { autoComplete: 'organization' })}
        {text('address', 'Geographic address', { hint: 'On one line: street, town, county, country.' })}
        {text('email', 'Contact e-mail shown to shoppers', { type: 'email' })}
        {text('orderEmail', 'E-mail that receives new orders and enquiries', { type: 'email' })}
        <SaveRow label="Save the seller" busy={save.busy} error={shown} saved={save.saved} />
      </form>
    </Section>
  );
}

/**
 * Customs and duty (docs/product/customs.md §21.2, §21.4): the seller's EORI number, which every CN23
 * carries, and the percent US shoppers are told the carrier collects. Saved as the seller's values alone.
 */
function CustomsSection({ settings, history, onSaved }: SectionProps) {
  const id = useId();
  const [eori, setEori] = useState(settings.seller.eori ?? '');
  const [percent, setPercent] = useState(String(settings.seller.usDutyPercent ?? DEFAULT_US_DUTY_PERCENT));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave(settings, onSaved);
  const shown = problem ?? save.error;
  const errorFor = (field: string) => (fieldOf(shown) === `seller.${field}` ? wordsOf(shown) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.setSaved(false);
    const typed = eori.replace(/\s+/g, '').toUpperCase();
    const seller = {
      eori: typed === '' ? null : typed,
      usDutyPercent: /^\d+$/.test(percent.trim()) ? Number(percent.trim()) : Number.NaN,
    };
    const found = problemOf(sellerSettingsSchema.shape.eori, seller.eori)
      ? SHOP_SETTINGS_MESSAGES.sellerEori
      : problemOf(sellerSettingsSchema.shape.usDutyPercent, seller.usDutyPercent)
        ? SHOP_SETTINGS_MESSAGES.sellerUsDutyPercent
        : null;
    setProblem(found);
    if (!found) void save.run({ seller });
  };
  return (
    <Section
      name="customs"
      title="Customs and duty"
      intro="What the customs declarations of parcels leaving the EU carry, and what US shoppers are told before paying."
      history={history}
    >
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <Field
          id={`${id}-eori`}
          label="EORI number"
          value={eori}
          onChange={(e) => setEori(e.target.value)}
          error={errorFor('eori')}
          hint="IE and 8 to 15 letters or digits, from Revenue. Every customs declaration (CN23) carries it."
          autoComplete="off"
        />
        <Field
          id={`${id}-duty`}
          label="US import duty, in percent"
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
          error={errorFor('usDutyPercent')}
          inputMode="numeric"
          hint="What US customs charge on EU goods (about 15% since 29 August 2025): US shoppers are told it before paying."
          autoComplete="off"
        />
        <SaveRow label="Save customs and duty" busy={save.busy} error={shown} saved={save.saved} />
      </form>
    </Section>
  );
}

interface ZoneForm {
  readonly on: boolean;
  readonly name: string;
  readonly countries: string;
  readonly price: string;
  readonly freeFrom: string;
}

function zoneForm(zone: ShippingZoneSetting | undefined, id: ZoneId): ZoneForm {
  const seed = SEEDED_ZONES.find((z) => z.id === id);
  const shown = zone ?? seed;
  const euro = (value: number) => formatEuro(value as Cents).replace('€', '');
  return {
    on: zone !== undefined,
    name: shown?.name ?? id,
    countries: shown?.countries.join(', ') ?? '',
    price: shown ? euro(shown.price) : '',
    freeFrom: shown?.freeFrom === null || shown?.freeFrom === undefined ? '' : euro(shown.freeFrom),
  };
}

function ShippingSection({ settings, history, onSaved }: SectionProps) {
  const id = useId();
  const [zones, setZones] = useState(
    () =>
      Object.fromEntries(
        ZONE_IDS.map((zoneId) => [
          zoneId,
          zoneForm(
            settings.shipping.zones.find((z) => z.id === zoneId),
            zoneId,
          ),
        ]),
      ) as Record<ZoneId, ZoneForm>,
  );
  const [problem, setProblem] = useState<{ zone: ZoneId | null; message: string } | null>(null);
  const save = useSave(settings, onSaved);
  const change = (zoneId: ZoneId, patch: Partial<ZoneForm>) =>
    setZones({ ...zones, [zoneId]: { ...zones[zoneId], ...patch } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.setSaved(false);
    const list = [];
    for (const zoneId of ZONE_IDS) {
      const form = zones[zoneId];
      if (!form.on) continue;
      const price = parseEuroInput(form.price);
      const freeFrom = form.freeFrom.trim() === '' ? null : parseEuroInput(form.freeFrom);
      const zone = {
        id: zoneId,
        name: form.name,
        countries: form.countries
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((c) => c.toUpperCase()),
        price: price ?? Number.NaN,
        freeFrom: freeFrom === null && form.freeFrom.trim() !== '' ? -1 : freeFrom,
      };
      const found = problemOf(shippingSettingsSchema.shape.zones.def.element, zone);
      if (found) {
        setProblem({ zone: zoneId, message: found });
        return;
      }
      list.push(zone);
    }
    const shipping = { zones: list };
    const found = problemOf(shippingSettingsSchema, shipping);
    setProblem(found ? { zone: null, message: found } : null);
    if (!found) void save.run({ shipping: shippingSettingsSchema.parse(shipping) });
  };
  const shown = problem?.message ?? save.error;
  return (
    <Section
      name="shipping"
      title="Shipping"
      intro="Each zone’s countries, its price and an optional free-shipping threshold (the items’ total). Checkout, the cart and the hosted checkout follow them from the next order; orders already placed keep what they were charged."
      history={history}
    >
      <p className="mt-2 text-sm">
        Great Britain (GB): a seller of parcels of £135 or less must register for UK VAT; remove GB from its
        zone to stop shipping there.
      </p>
      <AnnouncementWarning settings={settings} />
      <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
        {ZONE_IDS.map((zoneId) => {
          const form = zones[zoneId];
          const mine = problem?.zone === zoneId ? problem.message : null;
          const f = (name: string) => `${id}-${zoneId}-${name}`;
          return (
            <fieldset key={zoneId} className="grid gap-3 rounded-xl border border-line p-4 sm:grid-cols-2">
              <legend className="px-1 font-medium">
                {form.name || zoneId} ({zoneId})
              </legend>
              <label className="flex min-h-11 items-center gap-2 sm:col-span-2">
                <input
                  type="checkbox"
                  checked={form.on}
                  onChange={(e) => change(zoneId, { on: e.target.checked })}
                />{' '}
                Ship to this zone
              </label>
              <Field
                id={f('name')}
                label="Name"
                value={form.name}
                disabled={!form.on}
                onChange={(e) => change(zoneId, { name: e.target.value })}
                error={mine && /name/.test(mine) ? wordsOf(mine) : undefined}
              />
              <Field
                id={f('countries')}
                label="Countries"
                hint="Two-letter codes, separated by commas: IE, FR, DE."
                value={form.countries}
                disabled={!form.on}
                onChange={(e) => change(zoneId, { countries: e.target.value })}
                error={mine && /countr/.test(mine) ? wordsOf(mine) : undefined}
              />
              <Field
                id={f('price')}
                label="Price (€)"
                inputMode="decimal"
                value={form.price}
                disabled={!form.on}
                onChange={(e) => change(zoneId, { price: e.target.value })}
                error={mine && /price/.test(mine) ? wordsOf(mine) : undefined}
              />
              <Field
                id={f('freeFrom')}
                label="Free shipping from (€)"
                note="optional"
                inputMode="decimal"
                value={form.freeFrom}
                disabled={!form.on}
                onChange={(e) => change(zoneId, { freeFrom: e.target.value })}
                error={mine && /threshold/.test(mine) ? wordsOf(mine) : undefined}
              />
              {mine && !/name|countr|price|threshold/.test(mine) ? (
                <div className="sm:col-span-2">
                  <ErrorMessage>{wordsOf(mine)}</ErrorMessage>
                </div>
              ) : null}
            </fieldset>
          );
        })}
        <SaveRow
          label="Save shipping"
          busy={save.busy}
          error={problem?.zone ? null : shown}
          saved={save.saved}
        />
      </form>
    </Section>
  );
}

/**
 * Her last order date for Christmas is shown only where it is the earlier one: where the date worked out
 * from her working days, closures and a zone's delivery time is earlier, shoppers are told that one, and
 * the screen says so (and why) beside her date rather than leaving her to find out on the shop.
 */
function ChristmasOverridden({
  settings,
  christmas,
  workingDays,
  closures,
}: {
  readonly settings: AllSettings;
  readonly christmas: string;
  readonly workingDays: readonly number[];
  readonly closures: readonly { from: string; to: string; reason: string }[];
}) {
  if (christmas === '' || workingDays.length === 0) return null;
  const earlier = christmasDatesBeforeHers(
    christmas,
    dispatchCalendar({ closures, workingDays, away: settings.away }),
  );
  if (earlier.length === 0) return null;
  return (
    <div className="rounded-xl border border-line bg-sand p-3 text-sm">
      <p className="font-medium">Shoppers are told an earlier date where yours is too late:</p>
      <ul className="mt-1 list-disc pl-5">
        {earlier.map(({ zone, lastOrderDate }) => (
          <li key={zone}>
            {zoneNameOf(settings.shipping, zone)}: {formatDayMonth(lastOrderDate)}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        A parcel ordered after that day would not arrive by 24 December: your working days and closures set
        when it can be made and posted, and the destination’s delivery time when it arrives. Your date is
        shown wherever it is the earlier one.
      </p>
    </div>
  );
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function MakingSection({ settings, history, onSaved }: SectionProps) {
  const id = useId();
  const [days, setDays] = useState<number[]>([...settings.workingDays]);
  // Each row keeps a key of its own while typed (a closure has no id), so focus stays put on removal.
  const [nextKey, setNextKey] = useState(settings.closures.length);
  const [closures, setClosures] = useState(settings.closures.map((c, key) => ({ ...c, key })));
  const [christmas, setChristmas] = useState(settings.christmasLastOrder ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave(settings, onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.setSaved(false);
    const workingDays = [...days].sort();
    const list = closures.map(({ from, to, reason }) => ({ from, to, reason }));
    const christmasLastOrder = christmas === '' ? null : christmas;
    const found =
      problemOf(workingDaysSchema, workingDays) ??
      problemOf(closuresSchema, list) ??
      problemOf(christmasLastOrderSchema, christmasLastOrder);
    setProblem(found);
    if (!found) void save.run({ workingDays, closures: list, christmasLastOrder });
  };
  const shown = problem ?? save.error;
  const field = fieldOf(shown);
  return (
    <Section
      name="closures"
      title="Making and dispatch"
      intro="The days of the week the maker works, and the closures (holidays, fairs) with the reason shoppers see. Dispatch dates skip every day off."
      history={{
        closures: [
          ...(history.workingDays ?? []),
          ...(history.closures ?? []),
          ...(history.christmasLastOrder ?? []),
        ].sort((a, b) => (a.at < b.at ? 1 : -1)),
      }}
    >
      <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
        <fieldset aria-describedby={field === 'workingDays' ? `${id}-days-error` : undefined}>
          <legend className="text-sm font-medium">Working days</legend>
          <div className="mt-2 flex flex-wrap gap-x-4">
            {DAY_NAMES.map((name, index) => {
              const day = index + 1;
              return (
                <label key={name} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    checked={days.includes(day)}
                    onChange={(e) =>
                      setDays(e.target.checked ? [...days, day] : days.filter((d) => d !== day))
                    }
                  />
                  {name}
                </label>
              );
            })}
          </div>
          {field === 'workingDays' ? (
            <p id={`${id}-days-error`} className="mt-1 text-sm font-medium text-danger">
              {wordsOf(shown)}
            </p>
          ) : null}
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium">Closures</legend>
          {closures.length === 0 ? <p className="mt-2 text-sm text-muted">No closures.</p> : null}
          <ul className="mt-2 grid gap-3">
            {closures.map((closure, index) => {
              const set = (patch: Partial<typeof closure>) =>
                setClosures(closures.map((c, i) => (i === index ? { ...c, ...patch } : c)));
              return (
                <li
                  key={closure.key}
                  className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
                >
                  <Field
                    id={`${id}-from-${index}`}
                    label="From"
                    type="date"
                    value={closure.from}
                    onChange={(e) => set({ from: e.target.value })}
                  />
                  <Field
                    id={`${id}-to-${index}`}
                    label="To"
                    type="date"
                    value={closure.to}
                    onChange={(e) => set({ to: e.target.value })}
                  />
                  <Field
                    id={`${id}-reason-${index}`}
                    label="Reason shown to shoppers"
                    value={closure.reason}
                    onChange={(e) => set({ reason: e.target.value })}
                  />
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setClosures(closures.filter((_, i) => i !== index))}
                  >
                    Remove closure
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className={`${buttonClass.secondary} mt-3`}
            onClick={() => {
              setClosures([...closures, { from: '', to: '', reason: '', key: nextKey }]);
              setNextKey(nextKey + 1);
            }}
          >
            Add a closure
          </button>
          {field === 'closures' ? (
            <p className="mt-1 text-sm font-medium text-danger">{wordsOf(shown)}</p>
          ) : null}
        </fieldset>
        <Field
          id={`${id}-christmas`}
          label="Last order date for Christmas"
          note="optional"
          type="date"
          value={christmas}
          onChange={(e) => setChristmas(e.target.value)}
          hint="Empty: worked out per destination from the making and delivery days. A date here is shown where it is earlier."
          {...(field === 'christmasLastOrder' && shown ? { error: wordsOf(shown) } : {})}
        />
        <ChristmasOverridden
          settings={settings}
          christmas={christmas}
          workingDays={days}
          closures={closures}
        />
        <SaveRow
          label="Save making and dispatch"
          busy={save.busy}
          error={field ? null : shown}
          saved={save.saved}
        />
      </form>
    </Section>
  );
}

const MODE_LABELS: Record<AwayMode, string> = {
  off: 'Open as usual',
  'keep-selling': 'Away, keep selling (dispatch dates count from the return date)',
  'pause-sales':
    'Away, pause sales (the shop stays browsable; Add to Cart and checkout are replaced by a note)',
};

function AwaySection({ settings, history, onSaved }: SectionProps) {
  const id = useId();
  const [form, setForm] = useState({ ...settings.away, until: settings.away.until ?? '' });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave(settings, onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.setSaved(false);
    const away = { ...form, until: form.until || null };
    const found = problemOf(awaySchema, away);
    setProblem(found);
    if (!found) void save.run({ away });
  };
  const shown = problem ?? save.error;
  const field = fieldOf(shown);
  return (
    <Section
      name="away"
      title="Away"
      intro="While you are away, shoppers see your return date and message, and can leave an e-mail to hear when the shop is back."
      history={history}
    >
      <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
        <fieldset>
          <legend className="text-sm font-medium">Mode</legend>
          {AWAY_MODES.map((mode) => (
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
        </fieldset>
        <Field
          id={`${id}-until`}
          label="Return date"
          type="date"
          value={form.until}
          onChange={(e) => setForm({ ...form, until: e.target.value })}
          error={field === 'away.until' ? wordsOf(shown) : undefined}
        />
        <TextAreaField
          id={`${id}-message`}
          label="Message to shoppers"
          note="optional"
          rows={3}
          value={form.message}
          onChange={(e) => setForm({ ...form, message: e.target.value })}
          error={field === 'away.message' ? wordsOf(shown) : undefined}
        />
        <SaveRow
          label="Save away"
          busy={save.busy}
          error={field?.startsWith('away.') ? null : shown}
          saved={save.saved}
        />
      </form>
    </Section>
  );
}

function AnnouncementSection({ settings, history, onSaved }: SectionProps) {
  const id = useId();
  const [form, setForm] = useState({ ...settings.announcement });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave(settings, onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.setSaved(false);
    const found = problemOf(announcementSchema, form);
    setProblem(found);
    if (!found) void save.run({ announcement: form });
  };
  const shown = problem ?? save.error;
  const field = fieldOf(shown);
  return (
    <Section
      name="announcement"
      title="Announcement bar"
      intro="The line at the top of every page. A changed text shows again to shoppers who closed the old one."
      history={history}
    >
      <AnnouncementWarning settings={settings} />
      <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
          />{' '}
          Show the announcement bar
        </label>
        <Field
          id={`${id}-text`}
          label="Text"
          hint="Up to 120 characters of plain text."
          maxLength={120}
          value={form.text}
          onChange={(e) => setForm({ ...form, text: e.target.value })}
          error={field === 'announcement.text' ? wordsOf(shown) : undefined}
        />
        <SaveRow
          label="Save the announcement"
          busy={save.busy}
          error={field === 'announcement.text' ? null : shown}
          saved={save.saved}
        />
      </form>
    </Section>
  );
}

const NETWORKS = [
  { key: 'instagram', label: 'Instagram', example: 'https://www.instagram.com/yourshop' },
  { key: 'facebook', label: 'Facebook', example: 'https://www.facebook.com/yourshop' },
  { key: 'pinterest', label: 'Pinterest', example: 'https://www.pinterest.com/yourshop' },
] as const;

function SocialSection({ settings, history, onSaved }: SectionProps) {
  const id = useId();
  const [form, setForm] = useState({ ...settings.social });
  const [problem, setProblem] = useState<{ key: string; message: string } | null>(null);
  const save = useSave(settings, onSaved);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.setSaved(false);
    const social = {
      instagram: form.instagram.trim(),
      facebook: form.facebook.trim(),
      pinterest: form.pinterest.trim(),
    };
    const wrong = NETWORKS.find(({ key }) => problemOf(socialSchema.shape[key], social[key]));
    const message = wrong ? problemOf(socialSchema.shape[wrong.key], social[wrong.key]) : null;
    setProblem(wrong && message ? { key: wrong.key, message } : null);
    if (!wrong) void save.run({ social });
  };
  return (
    <Section
      name="social"
      title="Social media links"
      intro="The links at the foot of every page. Leave one empty and the footer does not show it."
      history={history}
    >
      <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
        {NETWORKS.map(({ key, label, example }) => (
          <Field
            key={key}
            id={`${id}-${key}`}
            label={`${label} page`}
            note="optional"
            type="url"
            hint={`Its full address, like ${example}.`}
            value={form[key]}
            onChange={(e) => setForm({ ...form, [key]: e.target.value })}
            error={problem?.key === key ? wordsOf(problem.message) : undefined}
          />
        ))}
        <SaveRow
          label="Save the links"
          busy={save.busy}
          error={problem ? null : save.error}
          saved={save.saved}
        />
      </form>
    </Section>
  );
}

/**
 * The product feeds' addresses (docs/product/feeds.md), to paste once into each channel: they
 * follow the catalogue by themselves, so there is nothing to save here.
 */
/**
 * The VAT mode and the seller's VAT number (docs/product/vat.md §20.1), the one place either is set. It
 * shows the settings as saved: after any save (a number removed under `seller` by another desk, say) the
 * form starts again from them, and a shop not registered is never told its prices include VAT.
 */
const VAT_SECTION_INTRO = {
  none: 'The shop is not registered for VAT: it charges none, and its prices hold no VAT. Once registered, choose the mode and give your Irish VAT number here.',
  registered: 'How the shop charges VAT: prices stay as you typed them, VAT included, in every country.',
} as const;

function VatSection({ settings, history, onSaved }: SectionProps) {
  const save = useSave(settings, onSaved);
  return (
    <Section
      name="vat"
      title="VAT"
      intro={settings.vat.mode === 'none' ? VAT_SECTION_INTRO.none : VAT_SECTION_INTRO.registered}
      history={history}
    >
      <VatSettingsForm
        value={settings.vat}
        problem={save.error}
        onSubmit={(vat) => {
          save.setSaved(false);
          void save.run({ vat });
        }}
      >
        <SaveRow
          label="Save VAT"
          busy={save.busy}
          error={save.error?.startsWith('vat.') ? null : save.error}
          saved={save.saved}
        />
      </VatSettingsForm>
    </Section>
  );
}

function FeedsSection() {
  const origin = window.location.origin;
  const feeds = [
    {
      name: 'Google',
      url: `${origin}${FEED_PATHS.google}`,
      where:
        'Google Merchant Center: Products, Add products, Add products from a file, Enter a link to your file.',
    },
    {
      name: 'Meta and Pinterest',
      url: `${origin}${FEED_PATHS.meta}`,
      where:
        'Meta Commerce Manager: Catalogue, Data sources, Data feed, Use a URL; Pinterest: Catalogues, Add data source, the same link.',
    },
  ];
  return (
    <section aria-labelledby="settings-feeds" className="mt-6 rounded-2xl border border-line bg-white p-5">
      <h2 id="settings-feeds" className="text-xl">
        Product feeds
      </h2>
      <p className="mt-1 text-sm text-muted">
        Your products for Google’s free listings, Instagram and Facebook shops and Pinterest. Each link always
        lists your products as they are now: add it once, set the channel to fetch it daily.
      </p>
      <dl className="mt-3 grid gap-3 text-sm">
        {feeds.map((feed) => (
          <div key={feed.name}>
            <dt className="font-medium">{feed.name}</dt>
            <dd className="break-all">
              <a href={feed.url} className="underline">
                {feed.url}
              </a>
            </dd>
            <dd className="text-muted">{feed.where}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function SettingsPage() {
  const [loaded, reload, replace] = useDeskData('shop-settings', async () => {
    const [settings, history] = await Promise.all([settingsApi.read(), settingsApi.history()]);
    return { settings, history };
  });
  const onSaved = useCallback(
    (settings: AllSettings) => {
      if (loaded.state === 'ready') replace({ ...loaded.data, settings });
      // The history gains the change's row.
      reload();
    },
    [loaded, replace, reload],
  );
  return (
    <>
      <PageHeading>Settings</PageHeading>
      {loaded.state === 'loading' ? <Loading label="Loading the settings…" /> : null}
      {loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null}
      {loaded.state === 'ready' ? (
        <div>
          <SellerSection {...loaded.data} onSaved={onSaved} />
          <VatSection {...loaded.data} onSaved={onSaved} />
          <CustomsSection {...loaded.data} onSaved={onSaved} />
          <ShippingSection {...loaded.data} onSaved={onSaved} />
          <MakingSection {...loaded.data} onSaved={onSaved} />
          <AwaySection {...loaded.data} onSaved={onSaved} />
          <AnnouncementSection {...loaded.data} onSaved={onSaved} />
          <SocialSection {...loaded.data} onSaved={onSaved} />
          <FeedsSection />
        </div>
      ) : null}
    </>
  );
}
