/**
 * The two words of reviews the home page needs (docs/product/settled-choices.md §8.13), in a module of their own so that
 * its first load carries nothing else of ./reviews.ts.
 */
/** Where the rule is published (the legal pages' section); every review list links to it. */
export const HOW_REVIEWS_WORK = {
  label: 'How reviews work',
  /** The address fragment belongs to the hash router: the page jumps to `?section=` itself. */
  path: '/terms-conditions?section=how-reviews-work',
  anchor: 'how-reviews-work',
} as const;

/** Shown instead of an erased reviewer's name. */
export const ANONYMOUS_NAME = 'A verified buyer';
