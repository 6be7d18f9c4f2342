/**
 * The order's VAT on the desk's order page (docs/product/vat.md §20): its scheme and country, the VAT per
 * rate, the invoice and the credit notes (each with why) to download, and the owner's flags: "destination VAT due" and the VAT to refund once
 * VIES confirms a business buyer's number.
 */

import { countryName } from '../../../../domain/shared/countries';
import { adminCreditNoteUrl, type OrderVatAnswer } from '../../../../domain/vat/order-vat';
import { DESTINATION_VAT_DUE } from '../../../../domain/vat/threshold';
import { formatInstant, money } from '../ui/desk-format';

const SCHEME_LABELS: Readonly<Record<OrderVatAnswer['scheme'], string>> = {
  none: 'No VAT (not registered)',
  domestic: 'Irish VAT',
  oss: 'Destination VAT (OSS)',
  intra_community: 'Intra-Community supply, reverse charge',
  export: 'Export, 0%',
  uk: 'UK VAT',
};

export function OrderVat({ reference, vat }: { reference: string; vat: OrderVatAnswer }) {
  const rates = [...new Set(vat.lines.map((l) => l.rate))].sort((a, b) => b - a);
  return (
    <div className="mt-4 text-sm">
      <h3 className="font-semibold">VAT</h3>
      <p>
        {SCHEME_LABELS[vat.scheme]} · {countryName(vat.country)}
      </p>
      {vat.destinationVatDue ? (
        <p className="mt-1 font-semibold text-danger">Flagged: {DESTINATION_VAT_DUE}</p>
      ) : null}
      {vat.vatToRefund ? (
        <p className="mt-1 font-semibold text-danger">
          VAT to refund once VIES confirms the buyer's VAT number
        </p>
      ) : null}
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {rates.map((rate) => {
          const at = vat.lines.filter((l) => l.rate === rate);
          return (
            <div key={rate} className="contents">
              <dt className="text-muted">
                VAT at {rate / 100}% on {money(at.reduce((s, l) => s + l.net, 0))}
              </dt>
              <dd className="text-right tabular-nums">{money(at.reduce((s, l) => s + l.vat, 0))}</dd>
            </div>
          );
        })}
      </dl>
      {vat.viesConsultation ? (
        <p className="mt-1 text-muted">VIES consultation {vat.viesConsultation}</p>
      ) : null}
      {vat.invoiceNumber ? (
        <p className="mt-2">
          <a
            className="inline-flex min-h-11 items-center underline"
            href={`/api/admin/orders/${encodeURIComponent(reference)}/invoice.pdf`}
          >
            Download invoice {vat.invoiceNumber} (PDF)
          </a>
        </p>
      ) : null}
      {vat.creditNotes && vat.creditNotes.length > 0 ? (
        <>
          <h4 className="mt-3 font-semibold">Credit notes</h4>
          <ul className="mt-1 space-y-1">
            {vat.creditNotes.map((note) => (
              <li key={note.number}>
                <a
                  className="inline-flex min-h-11 items-center underline"
                  href={adminCreditNoteUrl(reference, note.number)}
                >
                  Download credit note {note.number} (PDF)
                </a>
                <span className="text-muted">
                  {' '}
                  · {money(note.total)} · {formatInstant(note.issuedAt)}
                  {note.reason ? ` · ${note.reason}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
