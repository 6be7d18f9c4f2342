/**
 * The product page's care instructions, in a module of their own so that they ship in the chunk of the one
 * page showing them, not in the shell every page loads (the home page's JS budget, docs/performance.md).
 * Reviews are real buyers' (domain/reviews/reviews.ts), never samples.
 */
export const CARE_INSTRUCTIONS: readonly string[] = [
  'Take your bracelet off before swimming, showering or bathing; water weakens the cord and dulls pearls.',
  'Put on perfume, hand cream and hairspray first and your bracelet last, as they can mark pearls and stones.',
  'Roll stretch bracelets on and off over your hand rather than pulling them wide, so the cord keeps its fit.',
  'Wipe beads gently with a soft, dry cloth after wearing; avoid jewellery cleaners and chemicals.',
  'Store each piece flat in its pouch or box, away from direct sunlight and apart from harder jewellery.',
  'Take it off before gardening, the gym or housework, where it could catch or knock against hard surfaces.',
];
