/**
 * Sample content of the product page (labelled there as samples): the reviews and the care instructions.
 * Each kind of sample content has its own module so that it ships in the chunk of the one page showing
 * it, not in the shell every page loads (the home page's JS budget, docs/performance.md).
 */
import { SAMPLE_RATING } from '../config';

export interface SampleReview {
  readonly author: string;
  readonly rating: number;
  readonly comment: string;
  /** Human-readable month, e.g. 'September 2025'. */
  readonly date: string;
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

export const CARE_INSTRUCTIONS: readonly string[] = [
  'Take your bracelet off before swimming, showering or bathing; water weakens the cord and dulls pearls.',
  'Put on perfume, hand cream and hairspray first and your bracelet last, as they can mark pearls and stones.',
  'Roll stretch bracelets on and off over your hand rather than pulling them wide, so the cord keeps its fit.',
  'Wipe beads gently with a soft, dry cloth after wearing; avoid jewellery cleaners and chemicals.',
  'Store each piece flat in its pouch or box, away from direct sunlight and apart from harder jewellery.',
  'Take it off before gardening, the gym or housework, where it could catch or knock against hard surfaces.',
];
