/**
 * Where an order came from: a shopper's cart, a paid quote, or the owner's own; 'handed_over': a sale the owner
 * handed over on the spot (a fair): no delivery, never in the making queue. Every way an order is made is the
 * checkout's, so the name lives here, below the orders and the making queue that both read it.
 */
export const ORDER_CHANNELS = ['web', 'quote', 'manual', 'handed_over'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
