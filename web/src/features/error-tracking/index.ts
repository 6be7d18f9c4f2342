/** The error tracking feature's public face: a fetch that reports its failures, and the error log. */
export { logError } from './error-log';
export { trackedFetch } from './tracked-fetch';
