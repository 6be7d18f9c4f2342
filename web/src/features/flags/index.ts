/** The flags feature's public face: a flag's state, for the pages and the diagnostics. */
export { type FlagSource, getFlagStates } from './flags';
export { useFlag } from './use-flag';
