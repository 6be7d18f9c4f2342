/** The settings feature's public face: the shop's settings as the storefront shows them. */
export { AwayNotice } from './away-notice';
export { SELLER } from './seller-footer';
export { useSocial } from './social';
export { salesPaused, useAway, useIrishFreeFrom, useUsDutyPercent, useZones } from './storefront-settings';
