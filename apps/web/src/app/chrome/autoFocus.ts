import { options, type VNode } from 'preact';

/**
 * `autoFocus` as React does it: the element is focused when it mounts. Preact (decision 0043) only
 * sets the HTML attribute, which a browser honours once per page load, so a code field, a reason
 * box or a search that appears later came up without focus. Each element is focused once, after the
 * render that inserted it into the page.
 */
const focused = new WeakSet<Element>();

type Ref = ((el: Element | null) => void) | { current: Element | null } | null | undefined;

function focusOnMount(el: Element | null) {
  if (!el || focused.has(el) || !(el instanceof HTMLElement)) return;
  focused.add(el);
  queueMicrotask(() => {
    if (el.isConnected) el.focus();
    else requestAnimationFrame(() => el.isConnected && el.focus());
  });
}

// One wrapper per ref the element already had: a new function each render would make Preact detach
// and re-attach that ref on every render.
const wrappers = new WeakMap<object, (el: Element | null) => void>();

function withFocus(own: Ref): (el: Element | null) => void {
  if (!own) return focusOnMount;
  let wrapper = wrappers.get(own);
  if (!wrapper) {
    wrapper = (el) => {
      focusOnMount(el);
      if (typeof own === 'function') own(el);
      else own.current = el;
    };
    wrappers.set(own, wrapper);
  }
  return wrapper;
}

export function installAutoFocus() {
  const next = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as Record<string, unknown> | null;
    if (typeof vnode.type === 'string' && props && (props.autoFocus || props.autofocus)) {
      const node = vnode as { ref?: Ref };
      node.ref = withFocus(node.ref);
    }
    next?.(vnode);
  };
}
