/**
 * The viewer's page and zoom rules, apart from the component so they are tested without pdf.js.
 * Zoom is relative to "fit to width" (1): the page as wide as the viewer, whatever the screen.
 */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const FIT_WIDTH = 1;
/** Narrowest page drawn, whatever the zoom or the screen (a page below this is unreadable). */
export const MIN_PAGE_WIDTH = 120;

/** A page number kept within the document (1 when it has no pages yet). */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page) || count < 1) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), count);
}

/** The next zoom step above (`in`) or below (`out`) the current zoom, or the current at the end. */
export function nextZoom(zoom: number, direction: 'in' | 'out'): number {
  if (direction === 'in') return ZOOM_STEPS.find((step) => step > zoom + 1e-9) ?? zoom;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-9) ?? zoom;
}

/** The width a page is drawn at: the room the viewer has, times the zoom. */
export function pageWidthFor(room: number, zoom: number): number {
  return Math.max(MIN_PAGE_WIDTH, Math.floor(Math.max(0, room) * zoom));
}

export type ViewerKey = 'previous' | 'next' | 'zoomIn' | 'zoomOut' | 'fit' | null;

/** What a key press means to the viewer (←/→ turn pages, + and − zoom, 0 fits the width). */
export function viewerKey(key: string): ViewerKey {
  switch (key) {
    case 'ArrowLeft':
    case 'PageUp':
      return 'previous';
    case 'ArrowRight':
    case 'PageDown':
      return 'next';
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
    case '_':
      return 'zoomOut';
    case '0':
      return 'fit';
    default:
      return null;
  }
}
