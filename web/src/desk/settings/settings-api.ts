/** The desk's calls for the owner's settings (server/settings/settings-routes.ts), parsed by the shared schemas. */
import type * as z from 'zod/mini';
import { TODAY_API } from '../../../../domain/making/today';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import {
  type AllSettings,
  type AllSettingsPatch,
  allSettingsResponseSchema,
  settingsHistoryResponseSchema,
} from '../../../../domain/settings/shop-settings';
import { call } from '../desk-api';

export type SettingsHistory = z.infer<typeof settingsHistoryResponseSchema>['history'];

export const settingsApi = {
  read: (): Promise<AllSettings> =>
    call('GET', TODAY_API.settings, allSettingsResponseSchema).then((r) => r.settings),
  save: (patch: AllSettingsPatch, submission: string): Promise<AllSettings> =>
    call('PATCH', TODAY_API.settings, allSettingsResponseSchema, patch, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }).then((r) => r.settings),
  history: (): Promise<SettingsHistory> =>
    call('GET', `${TODAY_API.settings}/history`, settingsHistoryResponseSchema).then((r) => r.history),
};
