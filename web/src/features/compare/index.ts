/** The compare feature's public face: the products the shopper compares. */
export { useCompare, useCompareActions, useIsCompared } from './compare-context';
