import { PageOutlet } from '../../shared/components/PageOutlet.tsx';

/** No chrome at all (redirect pages). */
export function EmptyLayout() {
  return (
    <main id="main-content" className="empty-layout">
      <PageOutlet />
    </main>
  );
}
