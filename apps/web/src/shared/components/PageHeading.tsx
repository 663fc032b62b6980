import type { ReactNode } from 'react';

/**
 * A page's title (the `page-title` its section is labelled by) and an optional line under it, drawn
 * as antd's level-3 Title and secondary Paragraph were. Plain elements: a phone page whose only
 * text component was its title loaded antd's Typography (≈ 8 kB gzip, with its editing and copying)
 * for it.
 */
export function PageHeading({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <>
      <h3 className="page-heading" id="page-title">
        {title}
      </h3>
      {intro ? <p className="page-heading__intro">{intro}</p> : null}
    </>
  );
}
