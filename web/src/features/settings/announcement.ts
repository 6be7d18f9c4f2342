/** The owner's announcement bar from the snapshot the page was rendered from (docs/product/desk.md §10.14). */
import {
  DEFAULT_ANNOUNCEMENT_ENABLED,
  DEFAULT_ANNOUNCEMENT_TEXT,
} from '../../../../domain/settings/announcement';
import type { StorefrontSettings } from '../../../../domain/settings/storefront-settings';
import { useCatalogue } from '../catalogue-snapshot';

export function useAnnouncement(): StorefrontSettings['announcement'] {
  return (
    useCatalogue().snapshot.shop?.announcement ?? {
      text: DEFAULT_ANNOUNCEMENT_TEXT,
      enabled: DEFAULT_ANNOUNCEMENT_ENABLED,
    }
  );
}
