/** The making feature's public face: the dispatch estimates the product, the cart and the confirmation show. */
export { CartDispatch, ProductDispatch } from './dispatch-notes';
export { OrderDelivery } from './order-delivery';
