/**
 * The desk's Discounts (docs/product/numbers.md §4.2a): every code with its uses, the checkouts holding one now
 * and the revenue of its paid orders; a form to create a code or edit one. Start and end are entered in
 * Irish time and sent as ISO date-times with their offset. Above them, the early-bird price's terms.
 */
import { useId, useState } from 'react';
import {
  adminDiscountPath,
  adminDiscountResponseSchema,
  adminDiscountsResponseSchema,
  DISCOUNTS_API,
} from '../../../../domain/offers/discount-admin';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import { irishInstant, irishIsoDateTime, parseIsoDate } from '../../../../domain/shared/calendar-date';
import { deskCall } from '../desk-api';
import { DataTable } from '../ui/data-table';
import { DeskFormCard, DeskTextField } from '../ui/desk-form';
import { money } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';
import { EarlyBirdSetting } from './early-bird-setting';

type Listed = ReturnType<typeof adminDiscountsResponseSchema.parse>['discounts'][number];

export const discountsApi = {
  list: () => deskCall('GET', DISCOUNTS_API.discounts, adminDiscountsResponseSchema).then((r) => r.discounts),
  save: (code: string | null, body: Record<string, unknown>, submission: string) =>
    deskCall(
      code ? 'PATCH' : 'POST',
      code ? adminDiscountPath(code) : DISCOUNTS_API.discounts,
      adminDiscountResponseSchema,
      body,
      { [IDEMPOTENCY_KEY_HEADER]: submission },
    ),
};

/** `2026-12-01T09:00` (Irish wall time, as a datetime-local field holds it) -> ISO with its offset. */
function irishIso(local: string): string | null {
  const [day = '', time = ''] = local.split('T');
  const date = parseIsoDate(day);
  const [hour, minute] = time.split(':').map(Number);
  if (!date || hour === undefined || minute === undefined || Number.isNaN(hour) || Number.isNaN(minute))
    return null;
  return irishIsoDateTime(irishInstant(date, hour, minute));
}

function localOf(iso: string | null): string {
  return iso ? irishIsoDateTime(new Date(iso)).slice(0, 16) : '';
}

function euros(centsValue: number): string {
  return (centsValue / 100).toFixed(2);
}

function centsOf(text: string): number {
  return Math.round(Number(text.replace(',', '.')) * 100);
}

function valueText(d: Listed): string {
  return d.percentOff !== null ? `${d.percentOff}% off` : `${money(d.amountOff ?? 0)} off`;
}

export function DiscountsPage() {
  const [loaded, reload] = useDeskData('discounts', () => discountsApi.list());
  const [editing, setEditing] = useState<Listed | 'new' | null>(null);
  return (
    <div>
      <PageHeading>Discounts</PageHeading>
      <p className="mt-1 text-sm text-muted">
        Codes come off the items only, never gift wrap or delivery. The early-bird price below needs no code;
        an order gets the better of the two.
      </p>
      <EarlyBirdSetting />
      <div className="mt-4">
        <button type="button" className={buttonClass.primary} onClick={() => setEditing('new')}>
          New code
        </button>
      </div>
      {editing ? (
        <DiscountForm
          key={editing === 'new' ? 'new' : editing.code}
          discount={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {loaded.state === 'loading' ? <Loading label="Loading the codes…" /> : null}
      {loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null}
      {loaded.state === 'ready' ? (
        <DataTable
          caption="Discount codes"
          className="mt-6"
          empty="No codes yet."
          rows={loaded.data}
          rowKey={(d) => d.code}
          columns={[
            {
              header: 'Code',
              rowHeader: true,
              cell: (d) => (
                <>
                  {d.code} {d.active ? null : <span className="text-muted">(inactive)</span>}
                </>
              ),
            },
            {
              header: 'Discount',
              cell: (d) => `${valueText(d)}${d.minSubtotal > 0 ? `, from ${money(d.minSubtotal)}` : ''}`,
            },
            {
              header: 'Uses',
              cellClassName: 'tabular-nums',
              cell: (d) =>
                `${d.uses}${d.maxUses !== null ? ` of ${d.maxUses}` : ''}${d.reserved > 0 ? ` (${d.reserved} in checkout)` : ''}`,
            },
            { header: 'Revenue', numeric: true, cell: (d) => money(d.revenue) },
            {
              header: 'Actions',
              hideHeader: true,
              cellClassName: 'text-right',
              cell: (d) => (
                <button type="button" className={buttonClass.secondary} onClick={() => setEditing(d)}>
                  Edit {d.code}
                </button>
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}

function DiscountForm({
  discount,
  onDone,
}: {
  readonly discount: Listed | null;
  readonly onDone: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState(discount?.code ?? '');
  const [kind, setKind] = useState<'percent' | 'amount'>(discount?.amountOff != null ? 'amount' : 'percent');
  const [value, setValue] = useState(
    discount?.amountOff != null ? euros(discount.amountOff) : String(discount?.percentOff ?? ''),
  );
  const [minimum, setMinimum] = useState(discount ? euros(discount.minSubtotal) : '');
  const [startsAt, setStartsAt] = useState(localOf(discount?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(localOf(discount?.endsAt ?? null));
  const [maxUses, setMaxUses] = useState(discount?.maxUses != null ? String(discount.maxUses) : '');
  const [oncePerEmail, setOncePerEmail] = useState(discount?.oncePerEmail ?? false);
  const [active, setActive] = useState(discount?.active ?? true);
  const action = useDeskAction(async (submission: string) => {
    const body: Record<string, unknown> = {
      ...(discount ? {} : { code }),
      ...(kind === 'percent' ? { percentOff: Number(value) } : { amountOff: centsOf(value) }),
      minSubtotal: minimum.trim() === '' ? 0 : centsOf(minimum),
      startsAt: startsAt ? irishIso(startsAt) : null,
      endsAt: endsAt ? irishIso(endsAt) : null,
      maxUses: maxUses.trim() === '' ? null : Number(maxUses),
      oncePerEmail,
      active,
    };
    await discountsApi.save(discount?.code ?? null, body, submission);
    onDone();
  });
  const field = (name: string) => `${id}-${name}`;
  return (
    <DeskFormCard
      title={discount ? `Edit ${discount.code}` : 'New code'}
      onSubmit={() => void action.run()}
      error={action.error}
      busy={action.busy}
      submitLabel={discount ? 'Save' : 'Create code'}
      onCancel={onDone}
    >
      <DeskTextField
        id={field('code')}
        label="Code"
        value={code}
        readOnly={discount !== null}
        onChange={(typed) => setCode(typed.toUpperCase())}
        className="uppercase"
        required
      />
      <fieldset>
        <legend className="text-sm font-medium">Discount</legend>
        <div className="mt-1 flex gap-4">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" checked={kind === 'percent'} onChange={() => setKind('percent')} /> Percent
            off
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" checked={kind === 'amount'} onChange={() => setKind('amount')} /> Amount off
            (€)
          </label>
        </div>
        <label htmlFor={field('value')} className="sr-only">
          {kind === 'percent' ? 'Percent off' : 'Amount off in euro'}
        </label>
        <input
          id={field('value')}
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={inputClass}
          required
        />
      </fieldset>
      <DeskTextField
        id={field('minimum')}
        label="Minimum subtotal (€)"
        inputMode="decimal"
        value={minimum}
        onChange={setMinimum}
      />
      <DeskTextField
        id={field('uses')}
        label="Total uses"
        inputMode="numeric"
        value={maxUses}
        onChange={setMaxUses}
      />
      <DeskTextField
        id={field('starts')}
        label="Starts (Irish time)"
        type="datetime-local"
        value={startsAt}
        onChange={setStartsAt}
      />
      <DeskTextField
        id={field('ends')}
        label="Ends (Irish time)"
        type="datetime-local"
        value={endsAt}
        onChange={setEndsAt}
      />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={oncePerEmail} onChange={(e) => setOncePerEmail(e.target.checked)} />{' '}
        Once per e-mail address
      </label>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Active
      </label>
    </DeskFormCard>
  );
}
