import { useLocation, useOutlet } from 'react-router';

/**
 * The page slot of a layout with the page transition (named "page"): the new page fades in when
 * the path changes, after the old one has left (out-in), without re-mounting the layout.
 */
export function PageOutlet() {
  const location = useLocation();
  const outlet = useOutlet();
  return (
    <div key={location.pathname} className="page-transition" data-transition="page">
      {outlet}
    </div>
  );
}
