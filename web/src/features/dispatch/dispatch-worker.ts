/**
 * The dispatch calendar's worker: computes the dispatch views off the page's main thread. Building
 * Intl's Irish time zone formatter (ICU's locale and time zone data) is the largest single piece of
 * work on the product page after it starts (about 15-25 ms of CPU on this host, 60-100 ms on the
 * simulated phone), and a task that long is Total Blocking Time; in a worker it blocks nothing.
 */
import { answerDispatchRequest } from './dispatch-protocol';

/** The worker's global scope, without pulling the WebWorker lib into a project typed for the DOM. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  scope.postMessage(answerDispatchRequest(event.data));
};
