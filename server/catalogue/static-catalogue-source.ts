/**
 * A catalogue held in memory: the server's source until the database-backed one is wired, and the tests'
 * way to publish a new snapshot. `replace` tells the subscribers, as the database source does after an
 * edit.
 */
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import type { CatalogueSource } from './catalogue-source';

export interface StaticCatalogueSource extends CatalogueSource {
  /** Makes `snapshot` the current one and tells every subscriber. */
  replace(snapshot: CatalogueSnapshot): void;
}

export function staticCatalogueSource(initial: CatalogueSnapshot): StaticCatalogueSource {
  let current = initial;
  const listeners = new Set<(snapshot: CatalogueSnapshot) => void>();
  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    replace(snapshot) {
      current = snapshot;
      for (const listener of [...listeners]) listener(snapshot);
    },
    async close() {
      listeners.clear();
    },
  };
}
