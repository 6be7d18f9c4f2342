/** The settings feature's public face: what other features may use of it (docs/architecture.md). */
import type { SettingsStore } from './settings-store';

export { OPS_MARKS, type SettingsStore } from './settings-store';

export interface SettingsFace {
  /** The owner's settings (capacity, early bird) and the marks the desk's Today shows. */
  readonly store: SettingsStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsFace;
  }
}
