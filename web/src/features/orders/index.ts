/** The orders feature's public face: the order page's requests, which reviews and quotes reuse. */
export {
  errorText,
  fetchOrder,
  findOrder,
  NETWORK_ERROR,
  type OrderResult,
  post,
  sendWithdrawal,
} from './order-page-api';
