/**
 * Hydrates its children after the rest of the page, in a commit of their own. When React meets a
 * Suspense boundary while hydrating server HTML, it leaves the boundary's HTML in place, finishes the page
 * around it, and hydrates the boundary afterwards at the lowest priority. Wrapping parts below the fold
 * (or hidden on a phone) splits starting a page into several shorter main-thread tasks instead of one long
 * commit-and-effects pass (Lighthouse's Total Blocking Time on a slow phone). Nothing moves or flashes: the
 * server HTML stays until it is hydrated, and a click on it before then is replayed by React.
 *
 * After hydration (client-side navigation) it renders its children like a fragment. Nothing inside may
 * suspend: its fallback is empty.
 */
import { type ReactNode, Suspense } from 'react';

export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
