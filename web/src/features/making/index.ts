/** The making feature's public face: when a piece is made and dispatched, on a product and an order. */
export { ProductDispatch } from './dispatch-notes';
export { OrderDelivery } from './order-delivery';
