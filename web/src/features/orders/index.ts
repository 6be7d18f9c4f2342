/** The orders feature's public face: the order page's requests and their wording. */
export { errorText, NETWORK_ERROR, post } from './order-page-api';
