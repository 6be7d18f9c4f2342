/**
 * bench:inp: how fast the shop answers a tap. Each step loads a page in a fresh browser context of Debian's
 * Chromium at a phone's size (390x844, touch), with the CPU slowed through the DevTools protocol, waits
 * until the page has hydrated and gone idle, then performs one interaction the way a shopper would (a tap,
 * or keys) and waits for its visible outcome. The Event Timing API (PerformanceObserver type `event`,
 * durationThreshold 16) records every event of the step that belongs to an interaction; the step's figure
 * is the worst duration among them (what INP takes from a page). Median of the runs per step; budget
 * 100 ms per step (docs/performance.md).
 *
 *   npm run bench:inp [-- --build] [--runs=3] [--cpu=4] [--port=N] [--smoke] [--only=TEXT] [--profile=DIR]
 *                     [--web-dir=DIR] [--trace=DIR] [--contact=MS]
 *
 * --only: the steps whose name contains TEXT. --profile: a CPU profile of each run's interaction into DIR
 * (open it in DevTools' Performance panel). --web-dir: serve another client build than dist/web (a copy
 * of the previous build, for an A/B run back to back on a shared machine). --trace: a DevTools trace of
 * each run's interaction into DIR (style, layout and paint, which a CPU profile shows only as "(program)").
 * --contact: how long a tap's finger stays on the screen (default 80 ms; 0 is Playwright's instant tap, see
 * tap()). BENCH_INP_TRACE=1 prints each run's phases and the split of its worst event.
 * --smoke: one run, no budget, CPU not slowed (unless --cpu is given); it still fails when a step cannot be
 * performed (a control renamed, say).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { type BrowserContext, type CDPSession, chromium, type Locator, type Page } from '@playwright/test';
import { indexCatalogue } from '../../domain/catalogue/catalogue-index';
import { applyQuery, defaultQuery, queryBounds, SORT_ORDERS } from '../../domain/catalogue/catalogue-query';
import { seedSnapshot } from '../../domain/catalogue/seed';
import type { CatalogueProduct as Product } from '../../domain/catalogue/snapshot';
import { STORAGE_KEYS } from '../../domain/config';
import { HYDRATED_SIGNAL } from '../../web/src/boot/protocol';
import { CHROMIUM_OFFLINE_FLAGS, CHROMIUM_PATH } from '../chromium';
import { freePort, median, printTable, ROOT, startShop } from './server';

const BUDGET_MS = 100;
/** The Event Timing API's smallest threshold: shorter events are not reported at all. */
const THRESHOLD_MS = 16;
const TIMEOUT_MS = 60_000;
/**
 * How long a finger stays on the glass in a tap. Measured taps on phones last about 50-150 ms; the
 * shorter end, so the bench leaves the tap's start as little time as a quick finger would.
 */
const CONTACT_MS = 80;

/** The shop the bench measures is the seeded one (a fresh database). */
const CATALOGUE = indexCatalogue(seedSnapshot());

function product(id: string): Product {
  const p = CATALOGUE.getProduct(id);
  if (!p) throw new Error(`catalogue changed: product ${id} is missing`);
  return p;
}
const QUICK_ADD = product('2');
const CARD = product('5');
const GALLERY = product('4');
const ADD = product('1');
const IN_CART = product('5');
const SEARCH = 'rose';

interface Step {
  readonly name: string;
  /** The page loaded fresh for each run. */
  readonly path: string;
  /** Cart lines stored before the page loads. */
  readonly cart?: ReadonlyArray<{ id: string; quantity: number }>;
  /** Brings the page to where the interaction starts; not measured. */
  readonly setup?: (page: Page) => Promise<void>;
  /** The interaction: a tap on this control (found before the measurement starts)... */
  readonly tap?: (page: Page) => Locator;
  /** ...or these keys, pressed on the focused control. */
  readonly keys?: readonly string[];
  /** The interaction's visible result, checked once its events have been measured. */
  readonly outcome: (page: Page) => Promise<unknown>;
}

const openFilters = async (page: Page) => {
  await page.getByRole('button', { name: /^Filters/ }).tap();
  await page.getByRole('checkbox', { name: 'Garnet' }).waitFor();
};

const bag = (page: Page) => page.getByRole('dialog', { name: 'Your bag' });

const STEPS: readonly Step[] = [
  {
    name: `search: type "${SEARCH}"`,
    path: '/shop',
    setup: (page) => page.getByRole('searchbox', { name: 'Search bracelets' }).focus(),
    keys: [...SEARCH],
    outcome: async (page) => {
      const found = applyQuery(CATALOGUE.listable, {
        ...defaultQuery(queryBounds(CATALOGUE)),
        search: SEARCH,
      }).length;
      await page
        .getByRole('status')
        .getByText(new RegExp(`^${found} products?$`))
        .waitFor();
      await page.waitForURL(new RegExp(`q=${SEARCH}`));
    },
  },
  {
    name: 'category button',
    path: '/shop',
    tap: (page) => page.getByRole('button', { name: 'Burgundy', exact: true }),
    outcome: (page) => page.getByRole('button', { name: 'Burgundy', exact: true, pressed: true }).waitFor(),
  },
  {
    name: 'material checkbox',
    path: '/shop',
    setup: openFilters,
    tap: (page) => page.getByRole('checkbox', { name: 'Garnet' }),
    outcome: (page) => page.waitForURL(/material=Garnet/),
  },
  {
    name: 'price slider by keyboard',
    path: '/shop',
    setup: async (page) => {
      await openFilters(page);
      await page.getByRole('slider', { name: 'Minimum price' }).focus();
    },
    keys: ['ArrowRight', 'ArrowRight', 'ArrowRight'],
    outcome: (page) => page.waitForURL(/min=15/),
  },
  {
    name: 'sort',
    path: '/shop',
    setup: (page) => page.getByRole('combobox', { name: 'Sort by' }).focus(),
    // A key, which is a trusted event: selectOption would set the value from script, which Event Timing
    // does not time.
    keys: ['ArrowDown'],
    outcome: (page) => page.waitForURL(new RegExp(`sort=${SORT_ORDERS[1]}`)),
  },
  {
    name: 'quick add (mini cart opens)',
    path: '/shop',
    tap: (page) => page.getByRole('button', { name: `Quick add ${QUICK_ADD.name} to cart` }),
    outcome: (page) => bag(page).getByRole('link', { name: QUICK_ADD.name }).waitFor(),
  },
  {
    name: 'close the mini cart',
    path: '/shop',
    cart: [{ id: IN_CART.id, quantity: 1 }],
    setup: async (page) => {
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Cart, / })
        .tap();
      await bag(page).getByRole('link', { name: IN_CART.name }).waitFor();
    },
    tap: (page) => bag(page).getByRole('button', { name: 'Close' }),
    outcome: (page) => bag(page).waitFor({ state: 'hidden' }),
  },
  {
    name: 'open a product from a card',
    path: '/shop',
    tap: (page) => page.getByRole('link', { name: CARD.name, exact: true }),
    outcome: (page) => page.getByRole('heading', { level: 1, name: CARD.name }).waitFor(),
  },
  {
    name: "gallery's next image",
    path: `/product/${GALLERY.id}`,
    tap: (page) => page.getByRole('button', { name: 'Show image 2 of 2' }),
    outcome: (page) => page.getByRole('button', { name: 'Show image 2 of 2', pressed: true }).waitFor(),
  },
  {
    name: 'open the lightbox',
    path: `/product/${GALLERY.id}`,
    tap: (page) => page.getByRole('button', { name: /^Zoom image:/ }),
    outcome: (page) => page.getByTestId('lightbox-counter').waitFor(),
  },
  {
    name: 'Add to Cart',
    path: `/product/${ADD.id}`,
    tap: (page) => page.getByRole('button', { name: 'Add to Cart', exact: true }),
    outcome: (page) => page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).waitFor(),
  },
  {
    name: 'cart: plus',
    path: '/cart',
    cart: [{ id: IN_CART.id, quantity: 2 }],
    tap: (page) => page.getByRole('button', { name: `Increase quantity of ${IN_CART.name}` }),
    outcome: (page) =>
      page.getByTestId('cart-announcer').getByText(`${IN_CART.name} (Medium) quantity 3`).waitFor(),
  },
  {
    name: 'cart: minus',
    path: '/cart',
    cart: [{ id: IN_CART.id, quantity: 2 }],
    tap: (page) => page.getByRole('button', { name: `Decrease quantity of ${IN_CART.name}` }),
    outcome: (page) =>
      page.getByTestId('cart-announcer').getByText(`${IN_CART.name} (Medium) quantity 1`).waitFor(),
  },
  {
    name: 'gift wrap',
    path: '/cart',
    cart: [{ id: IN_CART.id, quantity: 1 }],
    tap: (page) => page.getByRole('checkbox', { name: /^Add gift wrapping/ }),
    outcome: (page) => page.getByRole('checkbox', { name: /^Add gift wrapping/, checked: true }).waitFor(),
  },
  {
    name: 'delivery destination',
    path: '/cart',
    cart: [{ id: IN_CART.id, quantity: 1 }],
    setup: (page) => page.getByRole('combobox', { name: 'Delivery destination' }).focus(),
    keys: ['ArrowDown'],
    outcome: (page) => page.getByTestId('cart-shipping').getByText('€9.95').waitFor(),
  },
  {
    name: 'open the mobile menu',
    path: '/',
    tap: (page) => page.getByRole('button', { name: 'Open menu' }),
    outcome: (page) => page.getByRole('dialog', { name: 'Menu' }).waitFor(),
  },
];

// ---- In the page (serialised by Playwright: no closures over this module) ----

interface Timed {
  readonly name: string;
  readonly duration: number;
  readonly inputDelay: number;
  readonly processing: number;
  readonly presentation: number;
}
type BenchWindow = Window & {
  __benchHydrated?: boolean;
  __benchObserver?: PerformanceObserver;
  __benchEntries?: PerformanceEntry[];
};

/** Learns when the app calls the hydration signal, whoever installs it and whether or not anyone does. */
function watchHydration(signal: string): void {
  let installed: unknown;
  Object.defineProperty(window, signal, {
    configurable: true,
    get: () => () => {
      (window as BenchWindow).__benchHydrated = true;
      if (typeof installed === 'function') installed();
    },
    set: (fn: unknown) => {
      installed = fn;
    },
  });
}

/** Resolves once the main thread has been idle and a few frames have reached the screen. */
function settle(): Promise<void> {
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  // Bounded: a page that never idles (an endless animation) still gets measured, just less quietly.
  const idle = () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 }));
  return idle().then(frame).then(frame).then(frame).then(idle);
}

function observeEvents(threshold: number): void {
  const seen: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => {
    seen.push(...list.getEntries());
  });
  // durationThreshold and interactionId are Event Timing Level 2, not yet in TypeScript's DOM types.
  const init: PerformanceObserverInit & { durationThreshold: number } = {
    type: 'event',
    durationThreshold: threshold,
    buffered: false,
  };
  observer.observe(init);
  Object.assign(window as BenchWindow, { __benchObserver: observer, __benchEntries: seen });
}

/** The events of interactions seen since observeEvents. Entries arrive after their frame is presented. */
function takeInteractions(): Timed[] {
  const { __benchObserver: observer, __benchEntries: seen } = window as BenchWindow;
  if (!observer || !seen) throw new Error('observeEvents did not run');
  const timed: Timed[] = [];
  const entries = seen.concat(observer.takeRecords()) as (PerformanceEventTiming & {
    interactionId?: number;
  })[];
  for (const entry of entries) {
    if (!entry.interactionId) continue;
    timed.push({
      name: entry.name,
      duration: entry.duration,
      inputDelay: entry.processingStart - entry.startTime,
      processing: entry.processingEnd - entry.processingStart,
      presentation: entry.startTime + entry.duration - entry.processingEnd,
    });
  }
  observer.disconnect();
  return timed;
}

// ---- In node ----

interface Options {
  readonly runs: number;
  readonly cpu: number;
  readonly smoke: boolean;
  readonly build: boolean;
  readonly port: number;
  /** Only the steps whose name contains this text. */
  readonly only: string | undefined;
  /** A directory for a CPU profile (.cpuprofile, for DevTools) of each run's interaction. */
  readonly profile: string | undefined;
  /** The client build to serve; dist/web unless given. */
  readonly webDir: string | undefined;
  /** A directory for a DevTools trace (.json) of each run's interaction. */
  readonly trace: string | undefined;
  /** How long a tap's finger stays on the screen, in ms (see tap()). */
  readonly contact: number;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      cpu: { type: 'string' },
      port: { type: 'string', default: '0' },
      smoke: { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      only: { type: 'string' },
      profile: { type: 'string' },
      'web-dir': { type: 'string' },
      trace: { type: 'string' },
      contact: { type: 'string', default: String(CONTACT_MS) },
    },
  });
  const whole = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number >= ${min}`);
    return n;
  };
  const runs = whole('runs', values.runs ?? (values.smoke ? '1' : '3'), 1);
  // The smoke proves every step can be performed and measured; with no budget to hold, it runs at the
  // CPU's own speed unless told otherwise (half the smoke's time in `npm test`).
  const cpu = whole('cpu', values.cpu ?? (values.smoke ? '1' : '4'), 1);
  return {
    runs,
    cpu,
    port: whole('port', values.port, 0),
    smoke: values.smoke,
    build: values.build,
    only: values.only,
    profile: values.profile,
    webDir: values['web-dir'] && path.resolve(values['web-dir']),
    trace: values.trace,
    contact: whole('contact', values.contact, 0),
  };
}

interface Measured {
  /** The worst interaction's duration; THRESHOLD_MS when every event stayed below the threshold. */
  readonly ms: number;
  readonly belowThreshold: boolean;
  readonly worst: Timed | undefined;
}

async function runStep(
  context: BrowserContext,
  step: Step,
  cpu: number,
  baseUrl: string,
  profileTo: string | undefined,
  traceTo: string | undefined,
  contactMs: number,
): Promise<Measured> {
  const page = await context.newPage();
  const log = process.env.BENCH_INP_TRACE ? (what: string) => console.log(`    ${what}`) : () => {};
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(`${baseUrl}${step.path}`);
    log('loaded');
    await page.waitForFunction(() => (window as BenchWindow).__benchHydrated === true);
    log('hydrated');
    await page.evaluate(settle);
    if (step.setup) {
      await step.setup(page);
      await page.evaluate(settle);
    }
    // The control is found, scrolled to and measured before the observer starts: Playwright finds
    // elements by role with a script in the page, which would otherwise compete with the interaction
    // for the (slowed) main thread. The tap itself is raw touch input, as locator.tap() sends after its checks.
    let point: { x: number; y: number } | undefined;
    if (step.tap) {
      const target = step.tap(page);
      await target.scrollIntoViewIfNeeded();
      await page.evaluate(settle);
      const box = await target.boundingBox();
      if (!box) throw new Error('the control to tap has no box');
      point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    // Starting the profiler or a trace makes V8 stop the page's thread for a while (its interrupts showed as
    // 300 ms inside the tap's first event): started a settle before the interaction, not right before it.
    if (profileTo) {
      // Sampled every 100 µs (the default is 1 ms): a tap's render is a few dozen ms at 4x.
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    if (traceTo) await context.browser()?.startTracing(page, { path: traceTo });
    if (profileTo || traceTo) await page.evaluate(settle);
    await page.evaluate(observeEvents, THRESHOLD_MS);
    log('observing');
    if (point) await tap(cdp, point, contactMs);
    for (const key of step.keys ?? []) await page.keyboard.press(key);
    await page.evaluate(settle);
    if (profileTo) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileTo, JSON.stringify(profile));
    }
    if (traceTo) await context.browser()?.stopTracing();
    await step.outcome(page);
    log('done');
    await page.evaluate(settle);
    const timed = await page.evaluate(takeInteractions);
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    const worst = timed.reduce<Timed | undefined>(
      (a, b) => (a && a.duration >= b.duration ? a : b),
      undefined,
    );
    if (worst) {
      log(
        `worst: ${worst.name} ${Math.round(worst.duration)} ms (input delay ${Math.round(worst.inputDelay)}, ` +
          `processing ${Math.round(worst.processing)}, to the next paint ${Math.round(worst.presentation)})`,
      );
    }
    return { ms: worst?.duration ?? THRESHOLD_MS, belowThreshold: !worst, worst };
  } finally {
    await page.close();
  }
}

/**
 * A tap as a finger makes it: the touch starts, stays on the glass for `contactMs`, and ends. Playwright's
 * touchscreen.tap() sends the start and the end back to back (no contact at all), so the browser runs the
 * whole pointerdown chain (pointerover, pointerenter, pointerdown, touchstart) and then the touchend chain
 * and the click in one burst, and the click's input delay then counts the pointerdown chain's work as well.
 * On a phone those handlers run while the finger is still down; INP still takes the worst event of the
 * interaction, so a slow pointerdown counts as its own duration either way. `contactMs` 0 is Playwright's
 * tap. The start is not awaited: the finger lifts after `contactMs` however long the page takes to handle
 * its start (the touchEnd then waits in the page's queue, as a real one would).
 */
async function tap(
  cdp: CDPSession,
  point: { readonly x: number; readonly y: number },
  contactMs: number,
): Promise<void> {
  const start = cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  if (contactMs > 0) await sleep(contactMs);
  await Promise.all([start, cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })]);
}

const shown = (m: Measured) => (m.belowThreshold ? `<${THRESHOLD_MS}` : String(Math.round(m.ms)));

async function main(): Promise<number> {
  const opts = options();
  const webDir = opts.webDir ?? path.join(ROOT, 'dist/web');
  if (opts.build && opts.webDir) throw new Error('--build builds dist/web: it cannot go with --web-dir');
  if (opts.build) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`npm run build failed (exit ${built.status ?? built.signal})`);
  } else if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`no build in ${webDir}: run \`npm run build\` first, or pass --build`);
  }

  if (opts.profile) mkdirSync(opts.profile, { recursive: true });
  if (opts.trace) mkdirSync(opts.trace, { recursive: true });
  const started = Date.now();
  // The app's hydration call is HYDRATED_SIGNAL (web/src/boot/protocol.ts): the bench wraps it (watchHydration),
  // so it learns of the call without changing what the call does.
  const server = await startShop({
    webDir,
    port: await freePort(opts.port === 0 ? undefined : String(opts.port)),
    logLevel: 'error',
    // Otherwise the server makes one up and prints it.
    env: { ADMIN_TOKEN: randomBytes(24).toString('base64url') },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_OFFLINE_FLAGS] });
  const rows: string[][] = [];
  const misses: string[] = [];
  try {
    const steps = STEPS.filter((step) => !opts.only || step.name.includes(opts.only));
    if (steps.length === 0) throw new Error(`no step's name contains "${opts.only}"`);
    console.log(
      `bench:inp: ${steps.length} steps x ${opts.runs} run(s), 390x844 touch, CPU ${opts.cpu}x slower` +
        (opts.smoke ? ', smoke (no budget)' : `, budget ${BUDGET_MS} ms`),
    );
    for (const step of steps) {
      const results: Measured[] = [];
      for (let run = 0; run < opts.runs; run++) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 3,
          isMobile: true,
          hasTouch: true,
        });
        context.setDefaultTimeout(TIMEOUT_MS);
        // tsx compiles this file with esbuild's keepNames, which wraps inner functions in __name(); the
        // functions handed to the page carry those calls, so the page needs the helper too.
        await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
        await context.addInitScript(watchHydration, HYDRATED_SIGNAL);
        if (step.cart) {
          await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
            STORAGE_KEYS.cart,
            JSON.stringify(step.cart),
          ] as const);
        }
        try {
          const slug = step.name
            .replace(/[^a-z0-9]+/gi, '-')
            .replace(/^-|-$/g, '')
            .toLowerCase();
          const profileTo = opts.profile && path.join(opts.profile, `${slug}-${run + 1}.cpuprofile`);
          const traceTo = opts.trace && path.join(opts.trace, `${slug}-${run + 1}.json`);
          results.push(
            await runStep(context, step, opts.cpu, server.baseUrl, profileTo, traceTo, opts.contact),
          );
        } catch (err) {
          throw new Error(`step "${step.name}", run ${run + 1}: ${(err as Error).message}`);
        } finally {
          await context.close();
        }
      }
      const mid = median(results.map((r) => r.ms));
      const pass = mid <= BUDGET_MS;
      if (!opts.smoke && !pass) {
        const worst = results.reduce((a, b) => (a.ms >= b.ms ? a : b)).worst;
        misses.push(
          `${step.name}: median ${Math.round(mid)} ms` +
            (worst
              ? `; worst run's ${worst.name}: input delay ${Math.round(worst.inputDelay)} ms, processing ` +
                `${Math.round(worst.processing)} ms, to the next paint ${Math.round(worst.presentation)} ms`
              : ''),
        );
      }
      const row = [
        step.name,
        ...results.map(shown),
        String(Math.round(mid)),
        opts.smoke ? '-' : `<= ${BUDGET_MS}`,
        opts.smoke ? '-' : pass ? 'pass' : 'FAIL',
      ];
      rows.push(row);
      console.log(`  ${row.join('  ')}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  console.log('');
  printTable(
    ['step', ...Array.from({ length: opts.runs }, (_, i) => `run ${i + 1}`), 'median', 'budget', 'result'],
    rows,
  );
  console.log(`\nms of the worst interaction per step; <${THRESHOLD_MS}: no event reached the threshold.`);
  console.log(`wall time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (misses.length > 0) {
    console.log(`\n${misses.length} step(s) over budget:`);
    for (const miss of misses) console.log(`  ${miss}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`bench:inp failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
