/** The settings feature's public face: the shop's settings as the storefront shows them. */
export { AwayNotice } from './away-notice';
export { SELLER } from './seller-footer';
export { salesPaused, useAway, useIrishFreeFrom, useSocial, useZones } from './storefront-settings';
