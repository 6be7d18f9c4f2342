// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToHash, nextFrame } from '../test-support/hash-navigation';
import {
  HashRouter,
  Link,
  navigate,
  parseHash,
  toHref,
  useLocation,
  usePath,
  useSearchParams,
} from './router';

afterEach(() => {
  window.location.hash = '';
});

function Where() {
  const { path, search } = useLocation();
  return <output aria-label="location">{`${path}|${search}`}</output>;
}

function where(): string {
  return screen.getByRole('status', { name: 'location' }).textContent ?? '';
}

describe('parseHash', () => {
  it.each([
    ['', '/', ''],
    ['#', '/', ''],
    ['#/', '/', ''],
    ['#/shop', '/shop', ''],
    ['#shop', '/shop', ''],
    ['/shop', '/shop', ''],
    ['#/shop?q=pearl&sort=price-asc', '/shop', 'q=pearl&sort=price-asc'],
    ['#/?debug=1', '/', 'debug=1'],
    ['#?debug=1', '/', 'debug=1'],
    ['#/shop?q=a?b', '/shop', 'q=a?b'],
    ['#/product/26', '/product/26', ''],
  ])('%j -> path %s, search %j', (hash, path, search) => {
    expect(parseHash(hash)).toEqual({ path, search });
  });
});

describe('toHref', () => {
  it('puts every target after the hash, with a leading slash', () => {
    expect(toHref('/shop?q=pearl')).toBe('#/shop?q=pearl');
    expect(toHref('cart')).toBe('#/cart');
    expect(toHref('/')).toBe('#/');
  });
});

describe('navigate', () => {
  it('pushes a history entry and notifies the router', async () => {
    render(
      <HashRouter>
        <Where />
      </HashRouter>,
    );
    const entries = history.length;
    await act(async () => navigate('/shop?q=pearl'));
    await waitFor(() => expect(where()).toBe('/shop|q=pearl'));
    expect(window.location.hash).toBe('#/shop?q=pearl');
    expect(history.length).toBe(entries + 1);
  });

  it('replaces the current entry when asked, and still notifies the router', async () => {
    window.location.hash = '#/shop';
    render(
      <HashRouter>
        <Where />
      </HashRouter>,
    );
    const entries = history.length;
    const replaceState = vi.spyOn(history, 'replaceState');
    await act(async () => navigate('/shop?q=gold', { replace: true }));
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(replaceState.mock.calls[0]?.[2]).toBe('#/shop?q=gold');
    expect(window.location.hash).toBe('#/shop?q=gold');
    expect(history.length).toBe(entries);
    expect(where()).toBe('/shop|q=gold');
  });

  it('does not push a second entry for the page already shown', async () => {
    window.location.hash = '#/cart';
    const entries = history.length;
    await act(async () => navigate('/cart'));
    expect(history.length).toBe(entries);
    expect(window.location.hash).toBe('#/cart');
  });
});

describe('HashRouter and useLocation', () => {
  it('reports the hash as path and query, and follows hash changes', async () => {
    window.location.hash = '#/shop?q=pearl';
    render(
      <HashRouter>
        <Where />
      </HashRouter>,
    );
    expect(where()).toBe('/shop|q=pearl');
    await goToHash('#/product/3');
    expect(where()).toBe('/product/3|');
  });

  it('renders a new query at once and a new path after the next frame', async () => {
    window.location.hash = '#/shop';
    let renders = 0;
    // A reader of the location itself: a hash change that leaves its query alone does not re-render it.
    function Counted() {
      renders += 1;
      const { path, search } = useLocation();
      return <output aria-label="location">{`${path}|${search}`}</output>;
    }
    render(
      <HashRouter>
        <Counted />
      </HashRouter>,
    );
    await act(async () => navigate('/shop?q=gold', { replace: true }));
    expect(where()).toBe('/shop|q=gold');
    const before = renders;
    // The hash moves at once; the page keeps the location it shows (and is not re-rendered) until the
    // tap's frame has painted.
    act(() => {
      window.location.hash = '#/product/3';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(window.location.hash).toBe('#/product/3');
    expect(where()).toBe('/shop|q=gold');
    expect(renders).toBe(before);
    // Meanwhile the page shows the tap was taken (a bar, styles.css).
    expect(document.documentElement).toHaveAttribute('data-route-pending');
    await act(nextFrame);
    expect(where()).toBe('/product/3|');
    expect(document.documentElement).not.toHaveAttribute('data-route-pending');
  });

  it('reports the page loaded without a hash as the home route', () => {
    window.location.hash = '';
    render(
      <HashRouter>
        <Where />
      </HashRouter>,
    );
    expect(where()).toBe('/|');
  });

  it('renders the location it is given on the server, the home page without one', () => {
    expect(
      renderToString(
        <HashRouter initialLocation={{ path: '/shop', search: 'q=pearl' }}>
          <Where />
        </HashRouter>,
      ),
    ).toContain('/shop|q=pearl');
    expect(
      renderToString(
        <HashRouter>
          <Where />
        </HashRouter>,
      ),
    ).toContain('/|');
  });

  it('refuses to be used outside a router', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Where />)).toThrow('useLocation must be used within a HashRouter');
    error.mockRestore();
  });
});

function SearchParamsProbe({ next }: { next: string }) {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <output aria-label="params">{params.toString()}</output>
      <button type="button" onClick={() => setParams(new URLSearchParams(next))}>
        Set
      </button>
      <button type="button" onClick={() => setParams(new URLSearchParams(next), { replace: false })}>
        Push
      </button>
    </>
  );
}

describe('useSearchParams', () => {
  it('reads the query and writes a new one on the same path, replacing the entry', async () => {
    window.location.hash = '#/shop?q=pearl';
    const user = userEvent.setup();
    render(
      <HashRouter>
        <SearchParamsProbe next="category=Burgundy&q=gold" />
      </HashRouter>,
    );
    expect(screen.getByRole('status', { name: 'params' })).toHaveTextContent('q=pearl');
    const entries = history.length;
    await user.click(screen.getByRole('button', { name: 'Set' }));
    expect(window.location.hash).toBe('#/shop?category=Burgundy&q=gold');
    expect(history.length).toBe(entries);
    expect(screen.getByRole('status', { name: 'params' })).toHaveTextContent('category=Burgundy&q=gold');
  });

  it('drops the question mark for an empty query, and pushes when asked', async () => {
    window.location.hash = '#/shop?q=pearl';
    const user = userEvent.setup();
    render(
      <HashRouter>
        <SearchParamsProbe next="" />
      </HashRouter>,
    );
    const entries = history.length;
    await user.click(screen.getByRole('button', { name: 'Push' }));
    await waitFor(() => expect(window.location.hash).toBe('#/shop'));
    expect(history.length).toBe(entries + 1);
    expect(screen.getByRole('status', { name: 'params' })).toHaveTextContent('');
  });
});

describe('Link', () => {
  it('links into the hash and marks the current page by path, whatever the query', () => {
    window.location.hash = '#/shop?q=pearl';
    render(
      <HashRouter>
        <Link to="/shop?sort=name-asc" markCurrent>
          Shop
        </Link>
        <Link to="/cart" markCurrent>
          Cart
        </Link>
        <Link to="/shop">Unmarked</Link>
      </HashRouter>,
    );
    const shop = screen.getByRole('link', { name: 'Shop' });
    expect(shop).toHaveAttribute('href', '#/shop?sort=name-asc');
    expect(shop).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Cart' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Unmarked' })).not.toHaveAttribute('aria-current');
  });

  it('navigates with a plain click', async () => {
    const user = userEvent.setup();
    render(
      <HashRouter>
        <Link to="/about">About</Link>
        <Where />
      </HashRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'About' }));
    await waitFor(() => expect(where()).toBe('/about|'));
  });
});

describe('what a change of the query re-renders', () => {
  it('neither a plain link nor a reader of the path; a link marking the current page follows the path', async () => {
    window.location.hash = '#/shop';
    const renders = { path: 0, plain: 0 };
    // memo: each is re-rendered only by what it reads, as a product card's link inside a memo card is.
    const PathReader = memo(function PathReader() {
      renders.path++;
      return <p>{`path ${usePath()}`}</p>;
    });
    const PlainLink = memo(function PlainLink() {
      renders.plain++;
      return <Link to="/product/3">A card</Link>;
    });
    const Marked = memo(function Marked() {
      return (
        <Link to="/shop" markCurrent>
          Shop
        </Link>
      );
    });
    render(
      <HashRouter>
        <PathReader />
        <PlainLink />
        <Marked />
        <Where />
      </HashRouter>,
    );
    const before = { ...renders };
    await goToHash('#/shop?material=Garnet');
    expect(where()).toBe('/shop|material=Garnet');
    expect(renders).toEqual(before);
    expect(screen.getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');

    await goToHash('#/about');
    await waitFor(() => expect(screen.getByText('path /about')).toBeInTheDocument());
    expect(renders.plain).toBe(before.plain);
    expect(screen.getByRole('link', { name: 'Shop' })).not.toHaveAttribute('aria-current');
  });

  it('usePath refuses to be used outside a router', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Outside() {
      return <p>{usePath()}</p>;
    }
    expect(() => render(<Outside />)).toThrow('usePath must be used within a HashRouter');
  });
});
