/**
 * The desk's Materials (docs/product/materials.md §23): every material with what is on hand, what paid
 * orders reserved, its low-stock level and its average unit cost; a material added or edited; a purchase
 * recorded (quantity and what it cost: the unit cost becomes the weighted average); the list as CSV and
 * its import; and the owner's figures a piece's cost uses.
 */
import { useCallback, useId, useState } from 'react';
import { MATERIAL_UNITS } from '../../../../domain/materials/materials';
import type { Material } from '../../../../domain/materials/materials-api';
import { materialsHref } from '../routes/materials';
import { DataTable } from '../ui/data-table';
import { DeskFormCard, DeskTextField } from '../ui/desk-form';
import { money, parseEuroInput } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';
import { materialsApi } from './materials-api';

const whole = (text: string): number | null => (/^\d{1,8}$/.test(text.trim()) ? Number(text.trim()) : null);

type Editing = { readonly kind: 'add' } | { readonly kind: 'edit' | 'buy'; readonly material: Material };

export function MaterialsPage() {
  const [loaded, reload] = useDeskData('materials', () => materialsApi.list());
  const [editing, setEditing] = useState<Editing | null>(null);
  const done = useCallback(() => {
    setEditing(null);
    reload();
  }, [reload]);
  return (
    <div>
      <PageHeading>Materials</PageHeading>
      <p className="mt-1 text-sm text-muted">
        What a paid order's pieces use is reserved at once, used up when they are dispatched, and given back
        when the order is cancelled or refunded before that. A size the materials cannot make is shown as
        unavailable; a bracelet none of whose sizes can be made is paused until stock comes in.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <button type="button" className={buttonClass.primary} onClick={() => setEditing({ kind: 'add' })}>
          Add a material
        </button>
        <a className={buttonClass.secondary} href="/api/admin/materials.csv" download>
          Export CSV
        </a>
        <CsvImport onDone={reload} />
      </div>
      {editing?.kind === 'add' ? <MaterialForm onDone={done} /> : null}
      {editing?.kind === 'edit' ? <MaterialForm material={editing.material} onDone={done} /> : null}
      {editing?.kind === 'buy' ? <PurchaseForm material={editing.material} onDone={done} /> : null}
      {loaded.state === 'loading' ? <Loading label="Loading the materials…" /> : null}
      {loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null}
      {loaded.state === 'ready' ? (
        <DataTable
          caption="Materials"
          className="mt-6"
          empty="No materials yet."
          rows={loaded.data}
          rowKey={(m) => m.id}
          columns={[
            { header: 'Material', rowHeader: true, cell: (m) => m.name },
            { header: 'Unit', cell: (m) => m.unit },
            { header: 'On hand', numeric: true, cell: (m) => String(m.onHand) },
            { header: 'Reserved', numeric: true, cell: (m) => String(m.reserved) },
            {
              header: 'Low stock at',
              numeric: true,
              cell: (m) => (m.low ? `${m.lowStock} (low)` : String(m.lowStock)),
            },
            {
              header: 'Unit cost',
              numeric: true,
              cell: (m) => (m.unitCost === null ? '—' : money(m.unitCost)),
            },
            {
              header: 'Actions',
              cell: (m) => (
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setEditing({ kind: 'edit', material: m })}
                  >
                    Edit <span className="sr-only">{m.name}</span>
                  </button>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setEditing({ kind: 'buy', material: m })}
                  >
                    Record a purchase <span className="sr-only">of {m.name}</span>
                  </button>
                </div>
              ),
            },
          ]}
        />
      ) : null}
      <BillsOfMaterials />
      <CostSettingsForm />
    </div>
  );
}

/** Each product, linked to its bill of materials. */
function BillsOfMaterials() {
  const [loaded] = useDeskData('materials-products', () => materialsApi.products());
  if (loaded.state !== 'ready')
    return loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null;
  return (
    <section aria-labelledby="materials-bills" className="mt-8">
      <h2 id="materials-bills" className="text-xl">
        Bills of materials
      </h2>
      <ul className="mt-2 grid gap-1 sm:grid-cols-2">
        {loaded.data
          .filter((p) => p.status !== 'retired')
          .map((p) => (
            <li key={p.id}>
              <a
                className="inline-flex min-h-11 items-center underline"
                href={materialsHref.billOfMaterials(p.id)}
              >
                {p.name}
                {p.status === 'paused' ? ' (paused)' : ''}
              </a>
            </li>
          ))}
      </ul>
    </section>
  );
}

function MaterialForm({ material, onDone }: { readonly material?: Material; readonly onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(material?.name ?? '');
  const [unit, setUnit] = useState<string>(material?.unit ?? 'bead');
  const [onHand, setOnHand] = useState(String(material?.onHand ?? 0));
  const [lowStock, setLowStock] = useState(String(material?.lowStock ?? 0));
  const [invalid, setInvalid] = useState<string | null>(null);
  const action = useDeskAction(async (submission: string, body: object) => {
    if (material) await materialsApi.patch(material.id, body, submission);
    else await materialsApi.create(body, submission);
    onDone();
  });
  return (
    <DeskFormCard
      title={material ? `Edit ${material.name}` : 'Add a material'}
      busy={action.busy}
      error={invalid ?? action.error}
      submitLabel={material ? 'Save' : 'Add'}
      onCancel={onDone}
      onSubmit={() => {
        const hand = whole(onHand);
        const low = whole(lowStock);
        if (hand === null) return setInvalid('On hand must be a whole number, 0 or more');
        if (low === null) return setInvalid('Low stock must be a whole number, 0 or more');
        setInvalid(null);
        void action.run({ name, unit, onHand: hand, lowStock: low });
      }}
    >
      <DeskTextField id={`${id}-name`} label="Name" value={name} onChange={setName} required />
      <div>
        <label htmlFor={`${id}-unit`} className="block text-sm font-medium">
          Unit
        </label>
        <select
          id={`${id}-unit`}
          value={unit}
          onChange={(e) => setUnit(e.target.value)}
          className={inputClass}
        >
          {MATERIAL_UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </div>
      <DeskTextField
        id={`${id}-on-hand`}
        label="On hand"
        value={onHand}
        onChange={setOnHand}
        inputMode="numeric"
      />
      <DeskTextField
        id={`${id}-low`}
        label="Low stock at"
        value={lowStock}
        onChange={setLowStock}
        inputMode="numeric"
      />
    </DeskFormCard>
  );
}

function PurchaseForm({ material, onDone }: { readonly material: Material; readonly onDone: () => void }) {
  const id = useId();
  const [quantity, setQuantity] = useState('');
  const [cost, setCost] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const action = useDeskAction(async (submission: string, body: { quantity: number; cost: number }) => {
    await materialsApi.purchase(material.id, body, submission);
    onDone();
  });
  return (
    <DeskFormCard
      title={`Record a purchase of ${material.name}`}
      busy={action.busy}
      error={invalid ?? action.error}
      submitLabel="Record"
      onCancel={onDone}
      onSubmit={() => {
        const q = whole(quantity);
        const c = parseEuroInput(cost);
        if (q === null || q < 1) return setInvalid('Quantity must be a whole number of at least 1');
        if (c === null) return setInvalid('Cost must be an amount in euro, such as 12.50');
        setInvalid(null);
        void action.run({ quantity: q, cost: c });
      }}
    >
      <DeskTextField
        id={`${id}-quantity`}
        label={`Quantity (${material.unit})`}
        value={quantity}
        onChange={setQuantity}
        inputMode="numeric"
        required
      />
      <DeskTextField
        id={`${id}-cost`}
        label="What it cost in all (€)"
        value={cost}
        onChange={setCost}
        inputMode="decimal"
        required
      />
    </DeskFormCard>
  );
}

function CsvImport({ onDone }: { readonly onDone: () => void }) {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const action = useDeskAction(async (submission: string, text: string) => {
    const answer = await materialsApi.importCsv(text, submission);
    setMessage(`Imported: ${answer.created} added, ${answer.updated} updated.`);
    onDone();
  });
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        Import CSV
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="mt-1 block min-h-11 text-sm"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void file.text().then((text) => action.run(text));
        }}
      />
      {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
      {message ? (
        <p role="status" className="mt-1 text-sm">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function CostSettingsForm() {
  const id = useId();
  const [loaded, reload] = useDeskData('materials-settings', () => materialsApi.settings());
  const [hourly, setHourly] = useState<string | null>(null);
  const [packaging, setPackaging] = useState<string | null>(null);
  const [multiplier, setMultiplier] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const action = useDeskAction(async (submission: string, body: object) => {
    await materialsApi.saveSettings(body, submission);
    setSaved(true);
    reload();
  });
  if (loaded.state !== 'ready')
    return loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null;
  const s = loaded.data;
  const hourlyText = hourly ?? (s.hourlyRate / 100).toFixed(2);
  const packagingText = packaging ?? (s.packaging / 100).toFixed(2);
  const multiplierText = multiplier ?? (s.multiplier / 100).toFixed(2);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8">
      <h2 id={`${id}-title`} className="text-xl">
        What a piece costs
      </h2>
      <p className="mt-1 text-sm text-muted">
        A piece's cost is its materials at their average cost, your minutes at your hourly rate, and
        packaging; the suggested price is that cost times your multiplier.
      </p>
      <form
        className="mt-3 grid gap-4 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          const h = parseEuroInput(hourlyText);
          const p = parseEuroInput(packagingText);
          const m = /^\d{1,2}(\.\d{1,2})?$/.test(multiplierText.trim())
            ? Math.round(Number(multiplierText) * 100)
            : null;
          if (h === null) return setInvalid('Hourly rate must be an amount in euro');
          if (p === null) return setInvalid('Packaging must be an amount in euro');
          if (m === null || m < 100 || m > 1000) return setInvalid('The multiplier must be from 1 to 10');
          setInvalid(null);
          setSaved(false);
          void action.run({ hourlyRate: h, packaging: p, multiplier: m });
        }}
      >
        <DeskTextField
          id={`${id}-hourly`}
          label="Hourly rate (€)"
          value={hourlyText}
          onChange={setHourly}
          inputMode="decimal"
        />
        <DeskTextField
          id={`${id}-packaging`}
          label="Packaging per piece (€)"
          value={packagingText}
          onChange={setPackaging}
          inputMode="decimal"
        />
        <DeskTextField
          id={`${id}-multiplier`}
          label="Price multiplier (×)"
          value={multiplierText}
          onChange={setMultiplier}
          inputMode="decimal"
        />
        <div className="sm:col-span-3">
          {invalid || action.error ? <ErrorMessage>{invalid ?? action.error}</ErrorMessage> : null}
          {saved ? (
            <p role="status" className="text-sm">
              Saved.
            </p>
          ) : null}
          <button type="submit" className={buttonClass.primary} disabled={action.busy}>
            Save the figures
          </button>
        </div>
      </form>
    </section>
  );
}
