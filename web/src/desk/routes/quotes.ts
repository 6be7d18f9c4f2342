/** The quotes, the new-quote form (for an enquiry, or a copy of another quote) and one quote. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    /**
     * `creating`: the new-quote form, for `enquiry` when the Enquiries screen links to it, or a copy of the
     * quote `from`.
     */
    quotes: {
      readonly id: 'quotes';
      readonly creating: boolean;
      readonly enquiry: string | null;
      readonly from: string | null;
    };
    /** One quote: what the client will see (`editing`: the form, to change it). */
    quote: { readonly id: 'quote'; readonly reference: string; readonly editing: boolean };
  }
}

export const quotesHref = {
  quotes: () => '#/quotes',
  /** The new-quote form; with an enquiry's id, for that enquiry. */
  newQuote: (enquiry?: string) =>
    enquiry ? `#/quotes/new?enquiry=${encodeURIComponent(enquiry)}` : '#/quotes/new',
  /** One quote, as the client will see it, with its actions. */
  quote: (reference: string) => `#/quotes/${encodeURIComponent(reference)}`,
  editQuote: (reference: string) => `#/quotes/${encodeURIComponent(reference)}/edit`,
  /** The new-quote form filled in from another quote. */
  duplicateQuote: (reference: string) => `#/quotes/new?from=${encodeURIComponent(reference)}`,
};

export const parseQuotesHash: DeskRouteParser = (parts, search) => {
  if (parts[0] !== 'quotes') return null;
  if (parts[1] && parts[1] !== 'new')
    return { id: 'quote', reference: parts[1], editing: parts[2] === 'edit' };
  const query = new URLSearchParams(search);
  return {
    id: 'quotes',
    creating: parts[1] === 'new',
    enquiry: query.get('enquiry'),
    from: query.get('from'),
  };
};
