/** The offers feature's public face: the early-bird price, in the cart and on the bespoke page. */
export { browserEarlyBird } from './early-bird';
export { EarlyBirdOffer } from './early-bird-banner';
