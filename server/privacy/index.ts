/**
 * The privacy feature's public face: the owner's export and erasure of one address (one rule, whichever
 * screen or script asks) and the retention pass, decorating the app as `privacy`.
 */
export {
  ErasureRefused,
  type ErasureResult,
  type PrivacyActor,
  type PrivacyExport,
  type PrivacyStore,
} from './privacy-store';
