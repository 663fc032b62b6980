import { lazy, type ReactNode, Suspense, useState } from 'react';
import './hoverHint.css';

const Tooltip = lazy(() => import('antd/es/tooltip'));

/**
 * antd's Tooltip for an icon in a header, loaded on the first hover or focus rather than with every
 * page (antd's Tooltip and the positioning it builds on are ≈ 6 kB gzip). The tooltip points at a
 * box laid over the children, so the children are never re-mounted when it arrives and keyboard
 * focus stays where it is. The children carry their own accessible name; this is the visible hint.
 */
export function HoverHint({ title, children }: { title: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    setShown(true);
  };
  const hide = () => setShown(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the hint follows the pointer and focus of the control inside; the span does nothing itself
    <span className="hover-hint" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <Tooltip title={title} open={shown}>
            <span className="hover-hint__anchor" aria-hidden />
          </Tooltip>
        </Suspense>
      )}
    </span>
  );
}
