/** The compare feature's public face: the shopper's list of products to compare. */
export { CompareProvider, useCompare, useCompareActions, useIsCompared } from './compare-context';
