/** The settings feature's public face: the seller's identity and the storefront settings the shop obeys. */
export { useAnnouncement } from './announcement';
export { AwayNotice } from './away-notice';
export { SELLER_TEXTS } from './seller';
export { SELLER, SELLER_FOOTER } from './seller-footer';
export { salesPaused, useAway, useIrishFreeFrom, useZones } from './storefront-settings';
