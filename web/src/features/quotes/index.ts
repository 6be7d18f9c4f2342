/** The quotes feature's public face: the quote page's requests. */
export { fetchQuote, payQuote, type QuoteResult, type QuoteView } from './quote-page-api';
