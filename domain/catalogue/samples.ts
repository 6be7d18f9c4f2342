/**
 * Static sample content the pages show (and label as samples): reviews, testimonials, the coming-soon
 * brooches and the care instructions.
 */
import { SAMPLE_RATING } from '../config';
import { SITE_IMAGES } from '../images';

export interface SampleReview {
  readonly author: string;
  readonly rating: number;
  readonly comment: string;
  /** Human-readable month, e.g. 'September 2025'. */
  readonly date: string;
}

export interface Testimonial {
  readonly quote: string;
  readonly author: string;
  readonly location: string;
}

export type BroochId = 'velvet-pearl' | 'festive-charm' | 'celestial';

export interface Brooch {
  readonly id: BroochId;
  readonly name: string;
  readonly description: string;
  /** Image id (see domain/images.ts, SITE_IMAGES). */
  readonly imageId: string;
}

export const SAMPLE_REVIEWS: readonly SampleReview[] = [
  {
    author: 'Aoife M.',
    rating: SAMPLE_RATING,
    comment: 'The colours are even nicer in person, and it fits my wrist exactly. Arrived nicely wrapped.',
    date: 'July 2025',
  },
  {
    author: 'Ciara D.',
    rating: SAMPLE_RATING,
    comment: 'Bought one as a birthday present for my sister and ended up ordering a second for myself.',
    date: 'August 2025',
  },
  {
    author: 'Siobhán K.',
    rating: SAMPLE_RATING,
    comment: 'Light, comfortable and well made. I wear it every day and the cord still feels strong.',
    date: 'September 2025',
  },
];

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'I love that it was made for me after I ordered. It sits just right and goes with everything.',
    author: 'Niamh O.',
    location: 'Galway',
  },
  {
    quote: 'My burgundy bracelet gets noticed every time I wear it. Lovely, friendly service too.',
    author: 'Orla B.',
    location: 'Kilkenny',
  },
  {
    quote: 'A thoughtful gift that felt personal. My mam has hardly taken hers off since.',
    author: 'Deirdre F.',
    location: 'Westport',
  },
];

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

export const CARE_INSTRUCTIONS: readonly string[] = [
  'Take your bracelet off before swimming, showering or bathing; water weakens the cord and dulls pearls.',
  'Put on perfume, hand cream and hairspray first and your bracelet last, as they can mark pearls and stones.',
  'Roll stretch bracelets on and off over your hand rather than pulling them wide, so the cord keeps its fit.',
  'Wipe beads gently with a soft, dry cloth after wearing; avoid jewellery cleaners and chemicals.',
  'Store each piece flat in its pouch or box, away from direct sunlight and apart from harder jewellery.',
  'Take it off before gardening, the gym or housework, where it could catch or knock against hard surfaces.',
];
