/** The catalogue feature's public face: the listing, the product page and the cards the pages show. */
export { FloatingPromo } from './floating-promo';
export { Hero } from './hero';
export { Listing } from './listing';
export { ProductCard } from './product-card';
export { ProductDetails } from './product-details';
