/** The recently viewed feature's public face: the products the shopper looked at last. */
export { useRecentlyViewed, useRecordRecentlyViewed } from './recently-viewed-context';
