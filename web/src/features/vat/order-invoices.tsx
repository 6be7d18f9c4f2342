/**
 * The order page's invoice (docs/product/vat.md §20.6): once the order has loaded, the page asks for its
 * invoice and credit notes and links their PDFs. An order without an invoice (the shop not registered for
 * VAT when it was paid) shows nothing; a failed request says the e-mail holds the link too.
 */
import { useEffect, useState } from 'react';
import { fetchOrderInvoices, type InvoicesResult } from './invoices-api';

const LINK = 'inline-flex min-h-11 items-center text-wine underline';

export function OrderInvoices({ reference, orderKey }: { reference: string; orderKey: string }) {
  const [result, setResult] = useState<InvoicesResult | null>(null);
  useEffect(() => {
    let live = true;
    setResult(null);
    fetchOrderInvoices(reference, orderKey).then((r) => {
      if (live) setResult(r);
    });
    return () => {
      live = false;
    };
  }, [reference, orderKey]);

  if (result === null) {
    return (
      <p role="status" className="mt-4 text-sm text-muted">
        Looking for your invoice…
      </p>
    );
  }
  if (result.kind === 'error') {
    return (
      <p className="mt-4 text-sm text-muted">
        We could not load your invoice just now. Its link is also in your order confirmation e-mail.
      </p>
    );
  }
  const { invoice, creditNotes } = result.invoices;
  if (!invoice) return null;
  return (
    <ul className="mt-4" aria-label="Invoice and credit notes">
      <li>
        <a href={invoice.url} className={LINK}>
          Download your invoice {invoice.number} (PDF)
        </a>
      </li>
      {creditNotes.map((note) => (
        <li key={note.number}>
          <a href={note.url} className={LINK}>
            Download your credit note {note.number} (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}
