/** The offers feature's public face: the early-bird price as the browser knows it. */
export { browserEarlyBird } from './early-bird';
