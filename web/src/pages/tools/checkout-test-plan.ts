/**
 * The QA checklist for this shop, as data: the page renders it with checkboxes, prints it and copies it
 * as plain text. Numbers and messages come from the shared domain modules, so the plan never drifts
 * from what the shop actually does.
 */
import { BRAND, GIFT_WRAP_PRICE, LIMITS, SHIPPING_ZONES } from '../../../../domain/config';
import { EMAIL_MESSAGES } from '../../../../domain/shared/email';
import { formatEuro } from '../../../../domain/shared/money';

export interface TestPlanSection {
  readonly id: string;
  readonly title: string;
  readonly items: readonly string[];
}

const ie = SHIPPING_ZONES.IE;
const eu = SHIPPING_ZONES.EU;
const world = SHIPPING_ZONES.WORLD;
const threshold = ie.freeOver === null ? '' : formatEuro(ie.freeOver);

export const TEST_PLAN: readonly TestPlanSection[] = [
  {
    id: 'browsing',
    title: 'Browsing',
    items: [
      'Home: hero image, best sellers (6 products), New & Coming Soon (6 products), selling points, testimonials and newsletter all show; every link opens the right page.',
      'Home: after scrolling past the hero the floating "Shop the collection" link appears; closing it keeps it hidden after a reload.',
      '/shop: searching "pearl" narrows the grid and the product count; a nonsense search shows \'No products found for "…"\' with a Clear Filters button.',
      "/shop: category buttons, price slider, material checkboxes and every sort option change the grid; 'Clear All Filters' resets them.",
      `/shop: comparing a ${LIMITS.compareMax + 1}th product replaces the oldest; the compare overlay shows at most ${LIMITS.compareMax}.`,
      'Product page: gallery opens the lightbox (Escape, ←/→, swipe), Read more / Read less, size guide, Full Details, Care Instructions and Customer Reviews expand.',
      "Product page: wishlist toggle shows 'Added to wishlist' / 'Removed from wishlist'; Share shows 'Link copied to clipboard!'; 'You Might Also Like' shows 4 products.",
      "/product/999 shows 'Product not found' with 'Return to Shop'; an unknown path shows 'Oops! Page not found' with a link home.",
    ],
  },
  {
    id: 'cart',
    title: 'Cart',
    items: [
      "Add to Cart shows 'Added to cart' with '{name} has been added to your cart.'; quick add opens the mini cart 'Your bag'; the header badge counts items.",
      `Quantity + and − change the line and the totals; − at 1 removes the line; a line stops at ${LIMITS.maxQuantityPerLine}.`,
      `Below ${threshold} the mini cart says "You're €X away from free shipping"; at ${threshold} or more it says "You've qualified for free shipping 🎉".`,
      `Delivery: ${ie.label} ${formatEuro(ie.fee)} below ${threshold} and free from ${threshold}; ${eu.label} ${formatEuro(eu.fee)}; ${world.label} ${formatEuro(world.fee)}. Switching the zone updates the total.`,
      `Gift wrap adds ${formatEuro(GIFT_WRAP_PRICE)}; the order summary total equals items + delivery + gift wrap.`,
      "The cart survives a reload; removing every line shows 'Your cart is empty' with 'Shop Collection'.",
    ],
  },
  {
    id: 'email',
    title: 'E-mail validation',
    items: [
      'Proceed to checkout opens the e-mail dialog with an empty field and no error.',
      `An empty or invalid address (e.g. "anna@", "anna example.com") shows '${EMAIL_MESSAGES.invalid}' in red under the field and does not continue.`,
      `An address longer than ${LIMITS.emailMaxLength} characters shows '${EMAIL_MESSAGES.tooLong}'.`,
      "Spaces around a valid address are ignored; Enter submits; after Continue the button shows 'Creating secure checkout...' and is disabled.",
    ],
  },
  {
    id: 'test-checkout',
    title: 'Test checkout fields',
    items: [
      'The checkout page is clearly labelled TEST MODE and lists the same items, delivery and total as the cart.',
      "E-mail, full name, address, town or city, postcode, country and card fields are all required; pressing 'Proceed to Payment' with a field missing shows each field's message next to it and focuses the first.",
      'The country list only offers countries of the delivery zone chosen in the cart.',
      'An expired date or a short CVC shows a message next to the field; the form keeps what was typed.',
    ],
  },
  {
    id: 'payment',
    title: 'Payment: success, decline, cancel',
    items: [
      "Card 4242 4242 4242 4242 (any future expiry, any CVC): 'Verifying your order...', then 'Order Confirmed!' with an Order Reference starting SOL-; the cart is empty afterwards.",
      'Card 4000 0000 0000 0002: the payment is declined with a clear message, nothing is charged, and another card can be tried.',
      "Cancelling on the checkout page returns to 'Payment Cancelled' ('Your payment was cancelled and no charges were made.'); the cart is still there; Return to Cart works.",
      'Reloading the confirmation page shows the same order again and sends no second e-mail.',
      '/checkout-health shows the time of the last successful checkout, and the last error after a failed start (e.g. server stopped).',
    ],
  },
  {
    id: 'emails',
    title: 'E-mails',
    items: [
      'After a successful payment the customer confirmation appears as an .eml file in DATA_DIR/outbox (or in the SMTP inbox when SMTP is configured).',
      `The confirmation shows the order reference, each item with quantity and price, delivery, gift wrap and total, signed ${BRAND.name}.`,
      'The owner notification arrives at OWNER_EMAIL with the customer e-mail, items and total.',
      'Exactly two e-mails per paid order, even after reloading the confirmation page; a declined or cancelled payment sends none.',
    ],
  },
  {
    id: 'mobile',
    title: 'Mobile (360-390 px wide)',
    items: [
      "The menu button opens the 'Menu' panel from the left; Escape and the backdrop close it; Tab stays inside; the page does not scroll behind it.",
      'No page scrolls sideways; buttons are easy to tap; images keep their space while loading (nothing jumps).',
      'The whole journey works on a phone: browse, add to cart, e-mail, test checkout with 4242…, confirmation.',
      'Open /diagnostics on a desktop and scan its QR code with the phone to run the hero snapshot there.',
    ],
  },
];

export function testPlanItemId(sectionId: string, index: number): string {
  return `${sectionId}-${index}`;
}

export function testPlanAsText(checked: ReadonlySet<string>): string {
  const title = `${BRAND.name} checkout test plan`;
  const lines = [title, '='.repeat(title.length), ''];
  for (const section of TEST_PLAN) {
    lines.push(section.title);
    section.items.forEach((item, i) => {
      lines.push(`[${checked.has(testPlanItemId(section.id, i)) ? 'x' : ' '}] ${item}`);
    });
    lines.push('');
  }
  return lines.join('\n').trimEnd();
}
