import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Link, type To } from 'react-router';
import './linkTabs.css';

export interface LinkTab {
  key: string;
  to: To;
  label: ReactNode;
}

/**
 * Tabs that are pages: a row of links drawn like antd's line tabs, the current one marked
 * `aria-current="page"`. For a page whose tabs each have their own address (the investor's stages):
 * a link opens in a new browser tab and shows its address, and the row costs no JavaScript beyond
 * the router — antd's Tabs brought its overflow menu and dropdown (≈ 20 kB gzip) to a phone's first
 * load. On a narrow screen the row scrolls sideways instead of folding into a menu.
 */
export function LinkTabs({
  label,
  items,
  activeKey,
}: {
  label: string;
  items: LinkTab[];
  activeKey: string;
}) {
  const nav = useRef<HTMLElement>(null);
  // The current tab is scrolled into the row's view (on a phone the last stages start off screen).
  useLayoutEffect(() => {
    const row = nav.current;
    const tab = [...(row?.querySelectorAll<HTMLElement>('[data-tab]') ?? [])].find(
      (link) => link.dataset.tab === activeKey,
    );
    if (!row || !tab) return;
    const margin = 24;
    if (tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = tab.offsetLeft + tab.offsetWidth - row.clientWidth + margin;
    else if (tab.offsetLeft < row.scrollLeft) row.scrollLeft = Math.max(0, tab.offsetLeft - margin);
  }, [activeKey]);
  return (
    <nav className="link-tabs" aria-label={label} ref={nav}>
      <ul className="link-tabs__list">
        {items.map((item) => {
          const active = item.key === activeKey;
          return (
            <li key={item.key}>
              <Link
                to={item.to}
                className={active ? 'link-tabs__tab is-active' : 'link-tabs__tab'}
                aria-current={active ? 'page' : undefined}
                data-tab={item.key}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
