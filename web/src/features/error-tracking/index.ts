/** The error-tracking feature's public face: reporting errors and the fetch that reports its failures. */

export { logError } from './error-log';
export { installGlobalErrorHandlers } from './global-handlers';
export { report, reportRenderError } from './report';
export { trackedFetch } from './tracked-fetch';
export { useErrorTracking } from './use-error-tracking';
