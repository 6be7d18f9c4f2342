// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../domain/config';
import { bootScript, headScript, inlineScript } from './page-scripts';
import { clearStale, HYDRATED_SIGNAL, isStale, STALE_ATTRIBUTE, signalHydrated } from './protocol';

/** Runs an inline script's text as the page would: in the global scope, not in this module. */
function runInPage(text: string): void {
  new Function(text)();
}

const ASSETS = {
  entry: '/assets/index-a.js',
  entryImports: ['/assets/rolldown-runtime-b.js', '/assets/react-dom-c.js', '/assets/shell-d.js'],
  reactDom: '/assets/react-dom-c.js',
};
const PAGE_IMPORTS = ['/assets/product-page-e.js', '/assets/text-f.js'];

afterEach(() => {
  signalHydrated();
  delete (window as unknown as Record<string, unknown>)[HYDRATED_SIGNAL];
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.documentElement.removeAttribute(STALE_ATTRIBUTE);
  delete document.documentElement.dataset.announcement;
  localStorage.clear();
  history.replaceState(null, '', '/');
});

describe('inlineScript', () => {
  it('calls the function with its arguments as JSON, the first one right after the function', () => {
    const show = (a: string, b: readonly number[]) => console.info(a, b);
    expect(inlineScript(show, '/x.js', [1, 2])).toBe(`(${show.toString()})("/x.js", [1,2])`);
  });

  it('refuses a text that would end the script element or call a compiler helper', () => {
    expect(() => inlineScript((s: string) => console.info(s), '</script><script>alert(1)')).toThrow(
      /<\/script/,
    );
    const compiled = Object.assign(() => {}, { toString: () => 'function hold(){__name(hold,"hold")}' });
    expect(() => inlineScript(compiled)).toThrow(/compiler helper/);
  });
});

describe('head script', () => {
  it('marks a page whose hash asks for another route as stale and hides its root', () => {
    // A route the server has no path-form page to send it to (the key stays in the browser).
    history.replaceState(null, '', '/#/order/SOL-AB12CD34?key=k');
    runInPage(headScript());
    expect(isStale()).toBe(true);
    document.body.innerHTML = '<div id="root">home</div>';
    expect(getComputedStyle(document.getElementById('root') as HTMLElement).visibility).toBe('hidden');
    clearStale();
    expect(isStale()).toBe(false);
    expect(getComputedStyle(document.getElementById('root') as HTMLElement).visibility).not.toBe('hidden');
  });

  it('leaves a page alone whose hash is its own route, or that has no hash', () => {
    history.replaceState(null, '', '/shop#/shop?q=pearl');
    runInPage(headScript());
    expect(isStale()).toBe(false);
    history.replaceState(null, '', '/product/3');
    runInPage(headScript());
    expect(isStale()).toBe(false);
    expect(document.head.querySelector('style')).toBeNull();
  });

  /** Runs the head script at `url` with a location whose replace() is recorded instead of navigating. */
  function runAt(url: string): string[] {
    history.replaceState(null, '', url);
    const replaced: string[] = [];
    const at = new URL(url, 'http://shop.test');
    const fake = {
      pathname: at.pathname,
      search: at.search,
      hash: at.hash,
      replace: (to: string) => replaced.push(to),
    };
    // This page stops loading first, so nothing of it competes with the path form.
    const win = { stop: () => replaced.push('stop') };
    new Function('location', 'window', headScript())(fake, win);
    return replaced;
  }

  it('sends a hash URL on / to the path form of its prerendered page at once, query and all', () => {
    expect(runAt('/#/shop')).toEqual(['stop', '/shop']);
    expect(runAt('/#/shop?category=Burgundy&sort=price-asc')).toEqual([
      'stop',
      '/shop?category=Burgundy&sort=price-asc',
    ]);
    expect(runAt('/#/collections/best-sellers')).toEqual(['stop', '/collections/best-sellers']);
    expect(runAt('/#/product/1')).toEqual(['stop', '/product/1']);
    expect(runAt('/#/cart')).toEqual(['stop', '/cart']);
    expect(runAt('/#/about')).toEqual(['stop', '/about']);
    // It leaves at once: nothing of this page is marked or hidden.
    expect(isStale()).toBe(false);
  });

  it('keeps a hash URL whose address holds what only the browser should see, a tool, home, or an unknown route', () => {
    for (const url of [
      '/#/order/SOL-AB12CD34?key=secret',
      '/#/quote/Q-1?key=secret',
      '/#/order-confirmation?session_id=cs_test_abc',
      '/#/order',
      '/#/payment-canceled',
      '/#/diagnostics',
      '/#/',
      '/#/no-such-page',
      '/#/product/1/extra',
      '/?flags=1#/shop',
      '/shop#/shop',
      '/about#/shop',
      '/',
    ]) {
      expect(runAt(url), url).toEqual([]);
    }
  });

  it('hides the announcement bar the shopper dismissed, and only that text', () => {
    const bar = (key: string) => {
      const el = document.createElement('aside');
      el.className = 'announcement-bar';
      el.dataset.key = key;
      document.body.append(el);
      return el;
    };
    runInPage(headScript());
    expect(document.documentElement.dataset.announcement).toBeUndefined();
    localStorage.setItem(STORAGE_KEYS.announcementDismissed, '1');
    runInPage(headScript());
    expect(document.documentElement.dataset.announcement).toBe('1');
    expect(getComputedStyle(bar('1')).display).toBe('none');
    expect(getComputedStyle(bar('a1x2y3')).display).not.toBe('none');
    // What storage holds goes into a selector: anything but letters and digits is ignored.
    localStorage.setItem(STORAGE_KEYS.announcementDismissed, '"]{}*{display:none');
    document.documentElement.removeAttribute('data-announcement');
    runInPage(headScript());
    expect(document.documentElement.dataset.announcement).toBeUndefined();
  });
});

describe('boot script', () => {
  beforeEach(() => {
    // A stale page starts the app at once (nothing painted to wait for).
    document.documentElement.setAttribute(STALE_ATTRIBUTE, '1');
  });

  it('loads the flags, preloads the entry and page imports two per task, then React DOM, then the entry', async () => {
    runInPage(bootScript(ASSETS, PAGE_IMPORTS));
    const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
    expect(scripts()).toEqual(['/runtime-env.js', ASSETS.reactDom]);
    const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads()).toHaveLength(2);
    await vi.waitFor(() => expect(preloads()).toHaveLength(5));
    expect(preloads().map((l) => l.getAttribute('href'))).toEqual([...ASSETS.entryImports, ...PAGE_IMPORTS]);

    // The entry only after React DOM has been evaluated (its load event), in a task of its own.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(scripts()).not.toContain(ASSETS.entry);
    document.head.querySelector(`script[src="${ASSETS.reactDom}"]`)?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(scripts()).toEqual(['/runtime-env.js', ASSETS.reactDom, ASSETS.entry]));
    const entry = document.head.querySelector(`script[src="${ASSETS.entry}"]`) as HTMLScriptElement;
    expect(entry.type).toBe('module');
    expect(entry.async).toBe(false);
  });

  it('holds clicks on buttons and form submissions until the page has hydrated, then replays each once', () => {
    document.body.innerHTML = `
      <button type="button">Add to Cart</button>
      <form aria-label="Newsletter"><input name="email" /></form>
      <a href="#/shop">Shop</a>`;
    const button = document.querySelector('button') as HTMLButtonElement;
    const form = document.querySelector('form') as HTMLFormElement;
    const link = document.querySelector('a') as HTMLAnchorElement;
    const clicks = vi.fn();
    const submits = vi.fn((event: Event) => event.preventDefault());
    const linkClicks = vi.fn((event: Event) => event.preventDefault());
    button.addEventListener('click', clicks);
    form.addEventListener('submit', submits);
    link.addEventListener('click', linkClicks);

    runInPage(bootScript(ASSETS, PAGE_IMPORTS));
    button.click();
    form.requestSubmit();
    link.click();
    expect(clicks).not.toHaveBeenCalled();
    expect(submits).not.toHaveBeenCalled();
    // Links are plain links: never held.
    expect(linkClicks).toHaveBeenCalledTimes(1);

    signalHydrated();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(submits).toHaveBeenCalledTimes(1);
    signalHydrated();
    button.click();
    expect(clicks).toHaveBeenCalledTimes(2);
    expect(submits).toHaveBeenCalledTimes(1);
  });

  it('never lets the browser submit a form itself: one the app has not hydrated is stopped, not sent', () => {
    document.body.innerHTML = `
      <form aria-label="Enquiry"><input name="name" value="Niamh Kelly" /></form>
      <form aria-label="Newsletter"><input name="email" /></form>`;
    const [dehydrated, answered] = [...document.querySelectorAll('form')] as HTMLFormElement[];
    if (!dehydrated || !answered) throw new Error('no forms');
    const submits = vi.fn((event: Event) => event.preventDefault());
    answered.addEventListener('submit', submits);
    runInPage(bootScript(ASSETS, PAGE_IMPORTS));
    signalHydrated();
    // dispatchEvent answers false when the default (the browser's GET with the fields) was prevented.
    const submit = () => new Event('submit', { bubbles: true, cancelable: true });
    expect(dehydrated.dispatchEvent(submit())).toBe(false);
    expect(answered.dispatchEvent(submit())).toBe(false);
    expect(submits).toHaveBeenCalledTimes(1);
  });

  it('makes the last choice in a list made before hydration again once the page has hydrated', () => {
    document.body.innerHTML = `
      <select aria-label="Sort by">
        <option value="featured" selected>Featured</option>
        <option value="price-asc">Price: low to high</option>
        <option value="price-desc">Price: high to low</option>
      </select>`;
    const select = document.querySelector('select') as HTMLSelectElement;
    runInPage(bootScript(ASSETS, PAGE_IMPORTS));
    for (const value of ['price-desc', 'price-asc']) {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    // Hydration puts the list back to the app's own value; the app hears the shopper's choice after.
    select.value = 'featured';
    const heard: string[] = [];
    select.addEventListener('change', () => heard.push(select.value));
    signalHydrated();
    expect(heard).toEqual(['price-asc']);
    expect(select.value).toBe('price-asc');
    // Once hydrated, a choice is the app's alone.
    select.value = 'price-desc';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    signalHydrated();
    expect(heard).toEqual(['price-asc', 'price-desc']);
  });

  it('does not replay a click on a control the app has since removed', () => {
    document.body.innerHTML = '<button type="button">Close</button>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    runInPage(bootScript(ASSETS, PAGE_IMPORTS));
    button.click();
    button.remove();
    signalHydrated();
    expect(clicks).not.toHaveBeenCalled();
  });
});

describe('signalHydrated', () => {
  it('does nothing on a page without the boot script (development, tests)', () => {
    expect(() => signalHydrated()).not.toThrow();
  });
});
