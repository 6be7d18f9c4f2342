/**
 * Where the server's pages, sitemap and checkout read the catalogue from. The database-backed source keeps
 * the current snapshot in memory and tells its subscribers when another edit (on this instance or, through
 * PostgreSQL's LISTEN/NOTIFY or a watched version, on another) has made a newer one.
 */
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';

export interface CatalogueSource {
  /** The newest snapshot this instance knows; never blocks. */
  current(): CatalogueSnapshot;
  /** Called with each newer snapshot, in order; returns the unsubscribe function. */
  subscribe(listener: (snapshot: CatalogueSnapshot) => void): () => void;
  close(): Promise<void>;
  /** Reads the database's version now (a change committed here outside the catalogue's own edits). */
  refresh?(): Promise<void>;
}
