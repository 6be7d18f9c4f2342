/**
 * Numbers' VAT section (docs/product/vat.md §20.4, §20.7), owner only like the screen: the EU distance sales
 * against the €10,000 threshold with its notice, and the accountant's papers of the quarter (OSS return,
 * VIES statement) and of the VAT3 period, each a table and a CSV link.
 */
import { useId, useState } from 'react';
import { irishDate } from '../../../../domain/shared/calendar-date';
import { formatRate } from '../../../../domain/vat/invoice-text';
import { DataTable } from '../ui/data-table';
import { money } from '../ui/desk-format';
import { useDeskData } from '../ui/desk-hooks';
import { ErrorMessage, inputClass, Loading } from '../ui/desk-ui';
import { vatApi } from './vat-api';

/** This Irish day's quarter (2026-Q4) and VAT3 period (the odd month that starts it: 2026-11). */
export function currentPeriods(now = new Date()): { quarter: string; period: string } {
  const day = irishDate(now);
  const year = day.slice(0, 4);
  const month = Number(day.slice(5, 7));
  const start = month % 2 === 1 ? month : month - 1;
  return { quarter: `${year}-Q${Math.ceil(month / 3)}`, period: `${year}-${String(start).padStart(2, '0')}` };
}

/** Closed at first: the papers are asked for when the owner opens the section. */
export function VatNumbersSection() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={`${id}-vat`} className="mt-6">
      <h2 id={`${id}-vat`} className="text-xl">
        VAT
      </h2>
      <details className="mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="min-h-11 cursor-pointer py-2">
          The EU threshold, OSS return, VIES statement and VAT3
        </summary>
        {open ? <VatPapers /> : null}
      </details>
    </section>
  );
}

function VatPapers() {
  const [periods, setPeriods] = useState(currentPeriods);
  const [data] = useDeskData(`vat/${periods.quarter}/${periods.period}`, async () => {
    const [threshold, oss, vat3, vies] = await Promise.all([
      vatApi.threshold(),
      vatApi.oss(periods.quarter),
      vatApi.vat3(periods.period),
      vatApi.vies(periods.quarter),
    ]);
    return { threshold, oss, vat3, vies };
  });
  return (
    <div className="mt-2 space-y-4">
      <div className="flex flex-wrap gap-4">
        <label className="grid gap-1 text-sm font-medium">
          Quarter
          <input
            className={inputClass}
            value={periods.quarter}
            pattern="\d{4}-Q[1-4]"
            onChange={(e) => setPeriods({ ...periods, quarter: e.target.value.trim().toUpperCase() })}
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          VAT3 period (first month)
          <input
            className={inputClass}
            value={periods.period}
            pattern="\d{4}-\d{2}"
            onChange={(e) => setPeriods({ ...periods, period: e.target.value.trim() })}
          />
        </label>
      </div>
      {data.state === 'loading' ? <Loading label="Adding up the VAT…" /> : null}
      {data.state === 'error' ? <ErrorMessage>{data.message}</ErrorMessage> : null}
      {data.state === 'ready' ? (
        <>
          <p>
            EU sales to consumers outside Ireland: {money(data.data.threshold.thisYear)} this year,{' '}
            {money(data.data.threshold.lastYear)} last year, of the {money(data.data.threshold.threshold)}{' '}
            threshold.
          </p>
          {data.data.threshold.notice ? (
            <p role="alert" className="rounded-xl border border-danger bg-white p-3 text-sm font-medium">
              {data.data.threshold.notice}
            </p>
          ) : null}
          <h3 className="text-lg">OSS return {periods.quarter}</h3>
          <DataTable
            caption={`OSS return ${periods.quarter}`}
            density="tight"
            rows={data.data.oss.rows}
            rowKey={(r) => `${r.country}-${r.rate}`}
            empty="Nil return: no OSS sales in this quarter."
            columns={[
              { header: 'Member state', cell: (r) => r.country, rowHeader: true },
              { header: 'Rate', cell: (r) => formatRate(r.rate), numeric: true },
              { header: 'Taxable amount', cell: (r) => money(r.taxable), numeric: true },
              { header: 'VAT', cell: (r) => money(r.vat), numeric: true },
            ]}
          />
          <a className="inline-flex min-h-11 items-center underline" href={vatApi.ossCsvUrl(periods.quarter)}>
            Download the OSS return (CSV)
          </a>
          <h3 className="text-lg">VIES statement {periods.quarter}</h3>
          <DataTable
            caption={`VIES statement ${periods.quarter}`}
            density="tight"
            rows={data.data.vies.rows}
            rowKey={(r) => r.vatNumber}
            empty="No intra-Community supplies in this quarter."
            columns={[
              { header: 'Customer VAT number', cell: (r) => r.vatNumber, rowHeader: true },
              { header: 'Value', cell: (r) => money(r.value), numeric: true },
            ]}
          />
          <a
            className="inline-flex min-h-11 items-center underline"
            href={vatApi.viesCsvUrl(periods.quarter)}
          >
            Download the VIES statement (CSV)
          </a>
          <h3 className="text-lg">VAT3 {periods.period}</h3>
          <DataTable
            caption={`VAT3 ${periods.period}`}
            density="tight"
            rows={data.data.vat3.rows}
            rowKey={(r) => r.box}
            columns={[
              { header: 'Box', cell: (r) => r.box, rowHeader: true },
              { header: 'Description', cell: (r) => r.label },
              { header: 'Amount', cell: (r) => money(r.amount), numeric: true },
            ]}
          />
          <a className="inline-flex min-h-11 items-center underline" href={vatApi.vat3CsvUrl(periods.period)}>
            Download the VAT3 figures (CSV)
          </a>
        </>
      ) : null}
    </div>
  );
}
