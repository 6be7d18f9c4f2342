/** The flags feature's public face: a feature flag's state, one or all. */
export { type FlagSource, getFlagStates } from './flags';
export { useFlag } from './use-flag';
