import { lazy, Suspense, useEffect, useState } from 'react';

// antd's FloatButton loads once the page has been scrolled: the button only shows on a scrolled page.
const FloatBackTop = lazy(() => import('antd/es/float-button').then((m) => ({ default: m.default.BackTop })));

/** antd's back-to-top button (it appears past 400 px of scroll), loaded at the first scroll. */
export function BackTop() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => {
      if (window.scrollY > 0) setScrolled(true);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  if (!scrolled) return null;
  return (
    <Suspense fallback={null}>
      <FloatBackTop />
    </Suspense>
  );
}
