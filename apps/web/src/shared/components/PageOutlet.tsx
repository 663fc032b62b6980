import {
  type CSSProperties,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useOutlet,
} from 'react-router';
import { usePrefersReducedMotion } from '../hooks/usePrefersReducedMotion.ts';

/** How long the old page takes to fade out; the new one then fades in (CSS `page-in`). */
export const PAGE_LEAVE_MS = 150;

type LocationContextValue = React.ContextType<typeof LocationContext>;

interface PageContent {
  outlet: ReactNode;
  location: LocationContextValue;
}

/** What the router asked the window to scroll to for a navigation (as `<ScrollRestoration>` reads it). */
interface ScrollIntent {
  restore: number | false | null;
  preventReset: boolean;
  hash: string;
}

function applyScroll(intent: ScrollIntent) {
  if (intent.restore === false) return;
  if (typeof intent.restore === 'number') {
    window.scrollTo(0, intent.restore);
    return;
  }
  if (intent.hash) {
    try {
      const target = document.getElementById(decodeURIComponent(intent.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    } catch {
      // An undecodable fragment names no element: fall through to the top of the page.
    }
  }
  if (!intent.preventReset) window.scrollTo(0, 0);
}

/**
 * The page slot of a layout, with the page transition "page" in mode out-in (SPEC section 2): when
 * the path changes, the old page stays, inert, and fades out; only then is the new page mounted, and
 * it fades in. Query-only changes (filters, sort, paging) are not transitions. With
 * `prefers-reduced-motion` the new page replaces the old one at once.
 *
 * The router has already loaded the new route when the location changes, so nothing waits on data
 * here. `<ScrollRestoration>` scrolls as the location changes, while the old page is still showing:
 * the old page keeps its scroll position, and the router's scroll (restore, fragment or top) is
 * applied once the new page is in. Focus lost with the old page moves to the main content.
 */
export function PageOutlet() {
  const location = useLocation();
  const outlet = useOutlet();
  const locationContext = useContext(LocationContext);
  const routerState = useContext(DataRouterStateContext);
  const reduced = usePrefersReducedMotion();
  const key = location.pathname;

  // The path whose page is on screen; it lags behind `key` while the old page leaves.
  const [shownKey, setShownKey] = useState(key);
  const leaving = !reduced && shownKey !== key;
  const live: PageContent = { outlet, location: locationContext };
  // The last page rendered for `shownKey`, kept to show while it leaves.
  const shown = useRef<PageContent>(live);
  const content = leaving ? shown.current : live;
  const contentKey = leaving ? shownKey : key;

  const latestKey = useRef(key);
  latestKey.current = key;
  const pendingScroll = useRef<ScrollIntent | null>(null);

  useLayoutEffect(() => {
    if (!leaving) shown.current = live;
  });

  // Runs before <ScrollRestoration>'s effect (children first): remember the old page's scroll and
  // put it back once the router has scrolled, before the browser paints.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of path starts a transition
  useLayoutEffect(() => {
    if (!leaving) return;
    pendingScroll.current = {
      restore: routerState?.restoreScrollPosition ?? null,
      preventReset: routerState?.preventScrollReset ?? false,
      hash: location.hash,
    };
    const y = window.scrollY;
    queueMicrotask(() => {
      if (window.scrollY !== y) window.scrollTo(0, y);
    });
  }, [key, leaving]);

  useEffect(() => {
    if (!leaving) {
      if (shownKey !== key) setShownKey(key);
      return;
    }
    const timer = setTimeout(() => setShownKey(latestKey.current), PAGE_LEAVE_MS);
    return () => clearTimeout(timer);
  }, [leaving, shownKey, key]);

  // The new page is in: scroll as the router asked, and give focus a home if it left with the old page.
  const firstPage = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page on screen changes
  useLayoutEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    if (leaving) return;
    if (pendingScroll.current) {
      applyScroll(pendingScroll.current);
      pendingScroll.current = null;
    }
    const focused = document.activeElement;
    if (!focused || focused === document.body) {
      document.getElementById('main-content')?.focus({ preventScroll: true });
    }
  }, [contentKey]);

  return (
    <div
      key={contentKey}
      className={`page-transition${leaving ? ' is-leaving' : ''}`}
      data-transition="page"
      inert={leaving}
      style={{ '--page-leave-ms': `${PAGE_LEAVE_MS}ms` } as CSSProperties}
    >
      <LocationContext.Provider value={content.location}>{content.outlet}</LocationContext.Provider>
    </div>
  );
}
