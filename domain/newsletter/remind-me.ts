/**
 * What the cart page and the checkout's dialog need of the cart reminder (docs/product/states.md §5.10a), alone in
 * a module of a few bytes: the rest (./cart-reminder.ts) loads only with the reminder's link.
 */

/** The cart page's query parameter that carries the link's token. */
export const CART_RESTORE_PARAM = 'restore';

export const REMIND_ME_LABEL = "E-mail me once if I don't finish my order";
export const REMIND_ME_HINT =
  'One e-mail a day later with a link back to this cart, nothing more. We delete both a week after it.';
