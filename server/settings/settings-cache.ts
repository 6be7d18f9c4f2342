/**
 * The owner's settings as this instance serves them: read once and kept in memory, so a checkout, the
 * early-bird price and the storefront's settings cost no query. It is read again
 * - at once after a save on this instance (the route calls `refresh` before answering);
 * - on every other instance when the catalogue's version moves: a save publishes a new catalogue version
 *   in its own transaction (server/catalogue publishCatalogueVersion), which reaches every instance the
 *   way a product edit does (NOTIFY on PostgreSQL, the version poll every couple of seconds otherwise).
 * A failed read is not kept: the next caller asks the database again.
 */
import type { AllSettings } from '../../domain/settings/shop-settings';
import type { SettingsStore } from './settings-store';

export class SettingsCache {
  private value: Promise<AllSettings> | null = null;
  private readonly listeners = new Set<(settings: AllSettings, before: AllSettings | null) => void>();
  private last: AllSettings | null = null;

  constructor(
    private readonly store: Pick<SettingsStore, 'read'>,
    private readonly log: { warn(obj: object, msg: string): void } = { warn() {} },
  ) {}

  current(): Promise<AllSettings> {
    return this.value ?? this.load();
  }

  /** Reads the database again; subscribers hear of it when anything changed. */
  refresh(): Promise<AllSettings> {
    return this.load();
  }

  /** Called with the new settings (and the ones held before) whenever a read finds them changed. */
  subscribe(listener: (settings: AllSettings, before: AllSettings | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The shop's data moved (the catalogue serves a new version): reads again, a failure only logged. */
  moved(): void {
    void this.refresh().catch((err: unknown) => {
      this.log.warn({ err: (err as Error).message }, 'settings: reading them again failed');
    });
  }

  private load(): Promise<AllSettings> {
    const value = this.store.read().then((settings) => {
      const before = this.last;
      // An older read finishing after a newer one never replaces it.
      if (before && settings.updatedAt < before.updatedAt) return before;
      if (before?.updatedAt !== settings.updatedAt || JSON.stringify(before) !== JSON.stringify(settings)) {
        this.last = settings;
        for (const listener of [...this.listeners]) {
          try {
            listener(settings, before);
          } catch (err) {
            this.log.warn({ err: (err as Error).message }, 'settings: a subscriber failed');
          }
        }
      }
      return settings;
    });
    this.value = value;
    value.catch(() => {
      if (this.value === value) this.value = null;
    });
    return value;
  }
}
