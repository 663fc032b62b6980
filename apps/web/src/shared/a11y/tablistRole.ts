/**
 * antd's Tabs (rc-tabs) put `role="tablist"` on the whole tab bar, which also holds the overflow
 * "more" button; a tablist may only own tabs, so axe reports it as critical
 * (aria-required-children) whenever tabs overflow. Until rc-tabs fixes it, the role moves to the
 * inner list that holds only the tabs. React never sets the attribute again (it does not change),
 * so one pass per new tab bar is enough.
 */
function fix(root: ParentNode) {
  for (const nav of root.querySelectorAll<HTMLElement>('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector<HTMLElement>(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
}

export function installTablistRoleFix(doc: Document = document): () => void {
  fix(doc);
  const observer = new MutationObserver(() => fix(doc));
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
