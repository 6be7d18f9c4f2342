/**
 * The query parameters that open the hidden panels, in a module of its own: the check in every page
 * (debug-panels.tsx) and the chunk it loads (debug-panels-open.tsx) both name them.
 */
export type PanelParam = 'flags' | 'debug';
