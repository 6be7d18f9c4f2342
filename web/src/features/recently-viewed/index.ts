/** The recently-viewed feature's public face: the shopper's recently viewed products. */
export {
  RecentlyViewedProvider,
  useRecentlyViewed,
  useRecordRecentlyViewed,
} from './recently-viewed-context';
