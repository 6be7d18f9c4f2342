/** Where the shopping channels fetch the product feeds (server/pages/feed-routes.ts; the desk's Settings show them). */
export const FEED_PATHS = { google: '/feeds/google.xml', meta: '/feeds/meta.csv' } as const;
