import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAuthApi } from './features/auth/api/authApi.ts';
import { createSessionStore } from './features/auth/session/index.ts';
import { installTablistRoleFix } from './shared/a11y/tablistRole.ts';
import { api, setUnauthorizedHandler } from './shared/api/index.ts';
import { i18nReady } from './shared/i18n/index.ts';
import { local } from './shared/storage.ts';
import { installAutoFocus } from './app/chrome/autoFocus.ts';
import { reloadForChunkError } from './app/chrome/chunkReload.ts';
import { unauthorizedTarget } from './app/guards/routeMeta.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { createAppRouter } from './app/router.tsx';
// Self-hosted fonts (SPEC section 9), woff2 with font-display: swap. Noto Sans TC comes in
// unicode-range slices, so a page downloads only the slices of the characters it shows.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/noto-sans-tc/400.css';
import '@fontsource/noto-sans-tc/700.css';
import './styles.css';

const queryClient = createQueryClient();
const sessionStore = createSessionStore({ api: createAuthApi(api), storage: local, queryClient });
const router = createAppRouter();

// Any 401 on a signed-in call: sign out here and go to the right login (SPEC section 6).
setUnauthorizedHandler(() => {
  const matches = router.state.matches.map((match) => ({ handle: match.route.handle }));
  sessionStore.expire(unauthorizedTarget(matches, router.state.location));
});

// A preloaded chunk of an old build is gone: reload once (a minute apart at most), else let the
// route error screen show the failure.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

installAutoFocus();
void sessionStore.start();
installTablistRoleFix();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = container;

function render() {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} sessionStore={sessionStore}>
        {/* Route changes render as ordinary (blocking) updates rather than interruptible transitions,
            so the address bar and the screen change together: no moment shows the new URL over the old page. */}
        <RouterProvider router={router} useTransitions={false} />
      </AppProviders>
    </StrictMode>,
  );
}

// The words of the reader's language come first (a chunk of their own), so no key ever shows.
i18nReady.then(render, () => {
  if (reloadForChunkError()) return;
  // Both languages, since we could not load the words that would say it in one.
  root.textContent =
    '無法載入頁面，請檢查網路後重新整理。 The page could not be loaded: check the connection and reload.';
});
