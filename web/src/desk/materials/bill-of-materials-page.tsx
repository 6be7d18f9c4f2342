/**
 * A product's bill of materials (docs/product/materials.md §23): per size, what one piece uses of each
 * material and the minutes it takes; how many more pieces the stock covers; what a piece costs and the
 * price the owner's multiplier suggests.
 */
import { useId, useState } from 'react';
import { SIZE_CODES, type SizeCode } from '../../../../domain/config';
import type { BillOfMaterialsAnswer, Material } from '../../../../domain/materials/materials-api';
import { materialsHref } from '../routes/materials';
import { money } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';
import { materialsApi } from './materials-api';

type Line = { materialId: string; quantity: string };
type Draft = Record<SizeCode, { lines: Line[]; minutes: string }>;

function draftOf(bill: BillOfMaterialsAnswer): Draft {
  const out = {} as Draft;
  for (const size of SIZE_CODES)
    out[size] = {
      lines: bill.sizes[size].map((l) => ({ materialId: l.materialId, quantity: String(l.quantity) })),
      minutes: String(bill.minutes[size]),
    };
  return out;
}

export function BillOfMaterialsPage({ productId }: { readonly productId: string }) {
  const [loaded, , replace] = useDeskData(`bill:${productId}`, async () => {
    const [bill, materials] = await Promise.all([materialsApi.bill(productId), materialsApi.list()]);
    return { bill, materials };
  });
  return (
    <div>
      <a href={materialsHref.materials()} className="text-sm underline">
        Back to materials
      </a>
      <PageHeading>{`Bill of materials: product ${productId}`}</PageHeading>
      {loaded.state === 'loading' ? <Loading label="Loading the bill of materials…" /> : null}
      {loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null}
      {loaded.state === 'ready' ? (
        <BillForm
          key={JSON.stringify(loaded.data.bill)}
          bill={loaded.data.bill}
          materials={loaded.data.materials}
          onSaved={(bill) => replace({ bill, materials: loaded.data.materials })}
        />
      ) : null}
    </div>
  );
}

function BillForm({
  bill,
  materials,
  onSaved,
}: {
  readonly bill: BillOfMaterialsAnswer;
  readonly materials: readonly Material[];
  readonly onSaved: (bill: BillOfMaterialsAnswer) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(bill));
  const action = useDeskAction(async (submission: string, body: object) => {
    onSaved(await materialsApi.saveBill(bill.productId, body, submission));
  });
  const change = (size: SizeCode, next: Partial<Draft[SizeCode]>) =>
    setDraft((d) => ({ ...d, [size]: { ...d[size], ...next } }));
  return (
    <form
      className="mt-4 grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        const sizes = Object.fromEntries(
          SIZE_CODES.map((size) => [
            size,
            draft[size].lines
              .filter((l) => l.materialId)
              .map((l) => ({ materialId: l.materialId, quantity: Number(l.quantity) })),
          ]),
        );
        const minutes = Object.fromEntries(
          SIZE_CODES.map((size) => [size, Number(draft[size].minutes) || 0]),
        );
        void action.run({ sizes, minutes });
      }}
    >
      {SIZE_CODES.map((size) => (
        <fieldset key={size} className="rounded-2xl border border-line bg-white p-4">
          <legend className="px-1 font-semibold">Size {size}</legend>
          <p className="text-sm">
            Can make now: <strong>{bill.buildable[size] ?? 'not counted'}</strong> · Cost{' '}
            <strong>{money(bill.cost[size].total)}</strong> (materials {money(bill.cost[size].materials)},
            labour {money(bill.cost[size].labour)}, packaging {money(bill.cost[size].packaging)}) · Suggested
            price <strong>{money(bill.cost[size].suggestedPrice)}</strong>
          </p>
          {draft[size].lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity until saved
            <div key={index} className="mt-2 flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor={`${id}-${size}-${index}-m`} className="block text-sm font-medium">
                  Material
                </label>
                <select
                  id={`${id}-${size}-${index}-m`}
                  value={line.materialId}
                  className={inputClass}
                  onChange={(e) => {
                    const lines = [...draft[size].lines];
                    lines[index] = { ...line, materialId: e.target.value };
                    change(size, { lines });
                  }}
                >
                  <option value="">Choose…</option>
                  {materials.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name} ({m.unit})
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`${id}-${size}-${index}-q`} className="block text-sm font-medium">
                  Per piece
                </label>
                <input
                  id={`${id}-${size}-${index}-q`}
                  inputMode="numeric"
                  value={line.quantity}
                  className={inputClass}
                  onChange={(e) => {
                    const lines = [...draft[size].lines];
                    lines[index] = { ...line, quantity: e.target.value };
                    change(size, { lines });
                  }}
                />
              </div>
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => change(size, { lines: draft[size].lines.filter((_, i) => i !== index) })}
              >
                Remove <span className="sr-only">this material from size {size}</span>
              </button>
            </div>
          ))}
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() =>
                change(size, { lines: [...draft[size].lines, { materialId: '', quantity: '1' }] })
              }
            >
              Add a material <span className="sr-only">to size {size}</span>
            </button>
            <div>
              <label htmlFor={`${id}-${size}-minutes`} className="block text-sm font-medium">
                Minutes per piece
              </label>
              <input
                id={`${id}-${size}-minutes`}
                inputMode="numeric"
                value={draft[size].minutes}
                className={inputClass}
                onChange={(e) => change(size, { minutes: e.target.value })}
              />
            </div>
          </div>
        </fieldset>
      ))}
      {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
      <div>
        <button type="submit" className={buttonClass.primary} disabled={action.busy}>
          Save the bill of materials
        </button>
      </div>
    </form>
  );
}
