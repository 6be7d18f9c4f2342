/** The brooches of the Coming Soon page. */
import { SITE_IMAGES } from '../media/images';

export type BroochId = 'velvet-pearl' | 'festive-charm' | 'celestial';

export interface Brooch {
  readonly id: BroochId;
  readonly name: string;
  readonly description: string;
  /** Image id (see domain/media/images.ts, SITE_IMAGES). */
  readonly imageId: string;
}

export const BROOCHES: readonly Brooch[] = [
  {
    id: 'velvet-pearl',
    name: 'Burgundy Velvet & Pearl',
    description: 'Soft burgundy velvet edged with freshwater pearls, for coats, scarves and lapels.',
    imageId: SITE_IMAGES.broochVelvet.id,
  },
  {
    id: 'festive-charm',
    name: 'Festive Charm Collection',
    description: 'Small, cheerful brooches in red and gold beads, made for the Christmas season.',
    imageId: SITE_IMAGES.broochFestive.id,
  },
  {
    id: 'celestial',
    name: 'Celestial Dreams Collection',
    description: 'Midnight-blue beads scattered with golden stars and moons.',
    imageId: SITE_IMAGES.broochCelestial.id,
  },
];
