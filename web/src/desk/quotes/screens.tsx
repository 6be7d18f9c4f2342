/** Quotes and a quote, loaded when opened. */
import { lazy, Suspense } from 'react';
import { type DeskScreens, OWNER } from '../desk-screens';
import { parseQuotesHash, quotesHref } from '../routes/quotes';
import { Loading } from '../ui/desk-ui';

const QuotesPage = lazy(() => import('./quotes-page').then((m) => ({ default: m.QuotesPage })));
const QuotePage = lazy(() => import('./quotes-page').then((m) => ({ default: m.QuotePage })));

export const quotesScreens: DeskScreens = {
  parse: parseQuotesHash,
  nav: [{ id: 'quotes', label: 'Quotes', href: quotesHref.quotes() }],
  routes: {
    quotes: { section: 'quotes', roles: OWNER },
    quote: { section: 'quotes', roles: OWNER },
  },
  render(route) {
    if (route.id === 'quotes') {
      return (
        <Suspense fallback={<Loading label="Opening the quotes…" />}>
          <QuotesPage creating={route.creating} enquiry={route.enquiry} from={route.from} />
        </Suspense>
      );
    }
    if (route.id === 'quote') {
      return (
        <Suspense fallback={<Loading label="Opening the quote…" />}>
          <QuotePage
            key={`${route.reference}-${route.editing}`}
            reference={route.reference}
            editing={route.editing}
          />
        </Suspense>
      );
    }
    return null;
  },
};
