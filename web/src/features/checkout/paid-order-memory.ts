/**
 * The order the gift cards paid in full, as the checkout answered it (docs/product/gift-cards.md §19.3):
 * there is no payment session to confirm, so the confirmation page (`/order-confirmation?paid={reference}`)
 * shows this answer. Kept in the page's memory only (it carries the order page's key), for its reference.
 */
import type { ConfirmResponse } from '../../../../domain/checkout/checkout';

let remembered: ConfirmResponse | null = null;

export function rememberPaidOrder(order: ConfirmResponse): void {
  remembered = order;
}

/** The order paid by gift cards with this reference, if this page has it. */
export function paidOrderFor(reference: string): ConfirmResponse | null {
  return remembered?.reference === reference ? remembered : null;
}
