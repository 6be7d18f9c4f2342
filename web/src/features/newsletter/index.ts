/** The newsletter feature's public face: the sign-up form and the cart reminder's saved cart. */
export { CartRestore } from './cart-restore';
export { NewsletterForm } from './newsletter-form';
