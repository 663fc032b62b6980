/** Where Google Tag Manager's script comes from; the server's CSP allows it only with GTM_ID set. */
export const GTM_ORIGIN = 'https://www.googletagmanager.com';

type PrivacySignals = {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
};

/** The browser asks not to be tracked: Do Not Track (`1`/`yes`) or Global Privacy Control. */
export function trackingRefused(
  nav: PrivacySignals = navigator as PrivacySignals,
  win: { doNotTrack?: string | null } = window as { doNotTrack?: string | null },
): boolean {
  const dnt = nav.doNotTrack ?? win.doNotTrack;
  return dnt === '1' || dnt === 'yes' || nav.globalPrivacyControl === true;
}

/**
 * Loads the tag manager container once (SPEC section 9): never without an id, never when the
 * browser refuses tracking. No inline script: the loader is an external script element, and the
 * data layer is started here, as GTM's own snippet would.
 */
export function loadTagManager(
  gtmId: string | null | undefined,
  env: { doc?: Document; refused?: boolean } = {},
): boolean {
  const doc = env.doc ?? document;
  if (!gtmId || (env.refused ?? trackingRefused())) return false;
  if (doc.querySelector(`script[data-gtm="${gtmId}"]`)) return true;
  const win = doc.defaultView as (Window & { dataLayer?: unknown[] }) | null;
  if (win) {
    win.dataLayer = win.dataLayer ?? [];
    win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  }
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}`;
  script.dataset.gtm = gtmId;
  doc.head.appendChild(script);
  return true;
}
