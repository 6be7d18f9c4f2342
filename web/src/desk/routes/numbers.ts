/** Numbers (its period and grouping in the query) and the exports. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    exports: { readonly id: 'exports' };
    numbers: { readonly id: 'numbers'; readonly params: URLSearchParams };
  }
}

export const numbersHref = {
  exports: () => '#/exports',
  numbers: (params?: URLSearchParams) => {
    const text = params?.toString() ?? '';
    return text ? `#/numbers?${text}` : '#/numbers';
  },
};

export const parseNumbersHash: DeskRouteParser = (parts, search) => {
  if (parts[0] === 'exports') return { id: 'exports' };
  if (parts[0] === 'numbers') return { id: 'numbers', params: new URLSearchParams(search) };
  return null;
};
