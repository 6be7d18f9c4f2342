/**
 * What a component-test file leaves on the window its worker shares with the next file (vitest.config.ts:
 * isolate false): listeners on the window and the document, and work it scheduled (a timer, an animation
 * frame, an idle callback) that has not run yet. A boot script's fallback timer, or a second copy of the
 * global error handlers, acted in whichever file ran next. `clearWindowLeftovers` removes and cancels
 * all of it; the setup file (vitest-setup.ts) calls it before each jsdom file, with the module reset and
 * the blank page.
 *
 * Only what the app's and the tests' own code left is cleared. Libraries from node_modules stay loaded from
 * file to file, and some register on the document once per window (React's selection tracking,
 * user-event's value tracking): removing theirs broke typing in every later file.
 *
 * The record lives on the window, not in this module: the module is loaded afresh for every file.
 */
type Listener = {
  readonly inTest: boolean;
  readonly target: EventTarget;
  readonly type: string;
  readonly listener: EventListenerOrEventListenerObject;
  readonly options: EventListenerOptions;
};

type Timer = ReturnType<typeof setTimeout>;

/** Each id maps to whether a test scheduled it (true) or a module as it loaded (false). */
interface Leftovers {
  testRunning: boolean;
  listeners: Listener[];
  readonly timers: Map<Timer, boolean>;
  readonly frames: Map<number, boolean>;
  readonly idles: Map<number, boolean>;
}

const KEY = Symbol.for('solas.test.window-leftovers');

type Scope = typeof globalThis & { [KEY]?: Leftovers };

/** Whether the function that called the wrapper (two frames up) lives in node_modules. */
function calledFromLibrary(): boolean {
  const caller = new Error().stack?.split('\n')[3] ?? '';
  return caller.includes('/node_modules/');
}

function recordListeners(target: EventTarget, record: Leftovers): void {
  const add = target.addEventListener.bind(target);
  target.addEventListener = (type, listener, options) => {
    if (listener && !calledFromLibrary()) {
      const capture = typeof options === 'boolean' ? options : options?.capture;
      record.listeners.push({
        inTest: record.testRunning,
        target,
        type,
        listener,
        options: { capture: capture ?? false },
      });
    }
    add(type, listener, options);
  };
}

/** Wraps the window's scheduling functions and listener registration once per worker. */
function install(scope: Scope): Leftovers {
  const record: Leftovers = {
    testRunning: false,
    listeners: [],
    timers: new Map(),
    frames: new Map(),
    idles: new Map(),
  };
  recordListeners(window, record);
  recordListeners(document, record);

  // A fake clock (vi.useFakeTimers) replaces these while it runs and puts these wrappers back after.
  const { setTimeout: timeout, setInterval: interval } = scope;
  scope.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id: Timer = timeout(
      (...a: unknown[]) => {
        record.timers.delete(id);
        handler(...a);
      },
      ms,
      ...args,
    );
    if (!calledFromLibrary()) record.timers.set(id, record.testRunning);
    return id;
  }) as typeof setTimeout;
  scope.setInterval = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = interval(handler, ms, ...args);
    if (!calledFromLibrary()) record.timers.set(id, record.testRunning);
    return id;
  }) as typeof setInterval;

  if (typeof scope.requestAnimationFrame === 'function') {
    const frame = scope.requestAnimationFrame.bind(scope);
    scope.requestAnimationFrame = (callback) => {
      const id = frame((time) => {
        record.frames.delete(id);
        callback(time);
      });
      if (!calledFromLibrary()) record.frames.set(id, record.testRunning);
      return id;
    };
  }
  if (typeof scope.requestIdleCallback === 'function') {
    const idle = scope.requestIdleCallback.bind(scope);
    scope.requestIdleCallback = (callback, options) => {
      const id = idle((deadline) => {
        record.idles.delete(id);
        callback(deadline);
      }, options);
      if (!calledFromLibrary()) record.idles.set(id, record.testRunning);
      return id;
    };
  }
  scope[KEY] = record;
  return record;
}

function leftovers(): Leftovers {
  const scope = globalThis as Scope;
  return scope[KEY] ?? install(scope);
}

function clear(record: Leftovers, which: (inTest: boolean) => boolean): void {
  const scope = globalThis as Scope;
  const [removed, kept] = [[] as Listener[], [] as Listener[]];
  for (const entry of record.listeners) (which(entry.inTest) ? removed : kept).push(entry);
  record.listeners = kept;
  for (const { target, type, listener, options } of removed)
    target.removeEventListener(type, listener, options);
  const cancel = <K>(ids: Map<K, boolean>, stop: (id: K) => void) => {
    for (const [id, inTest] of ids) {
      if (!which(inTest)) continue;
      ids.delete(id);
      stop(id);
    }
  };
  cancel(record.timers, (id) => clearTimeout(id));
  cancel(record.frames, (id) => scope.cancelAnimationFrame?.(id));
  cancel(record.idles, (id) => scope.cancelIdleCallback?.(id));
}

/** Before a file: removes and cancels everything the files before it left. */
export function clearWindowLeftovers(): void {
  clear(leftovers(), () => true);
}

/** Before a test: what it registers or schedules from now on is its own. */
export function startTest(): void {
  leftovers().testRunning = true;
}

/**
 * After a test: removes the listeners it added to the window and document and cancels the work it
 * scheduled that has not run, so that the next test of the file starts as clean as the file did. What a
 * module registered as it loaded stays for the rest of its file.
 */
export function endTest(): void {
  const record = leftovers();
  record.testRunning = false;
  clear(record, (inTest) => inTest);
}
