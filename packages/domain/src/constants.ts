/** Business constants of SPEC section 9. */
export const LIST_DEFAULTS = {
  cases: { page: 1, size: 20, sort: 'created_at:desc' },
  clients: { page: 1, size: 10, sort: 'invest_money:desc' },
  interests: { page: 1, size: 10 },
  activity: { page: 1, size: 10 },
  employees: { page: 1, size: 20, sort: 'id:asc' },
} as const;
export const MAX_PAGE_SIZE = 200;
export const LOG_PAGE_SIZE = 20;

export const LOADING_BAR = { throttle: 200, duration: 5000, hideAfter: 500, max: 100 } as const;
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
export const FETCH_MIN_DELAY_MS = 200;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const TUTORIAL_HIGHLIGHT_MS = 3000;
export const MOBILE_MENU_BREAKPOINT = 992;
export const DASHBOARD_HEADER_HEIGHT = 80;
export const DASHBOARD_MENU_WIDTH = 300;
export const THEME_PRIMARY = '#b88f48';

/** Case review status (SPEC section 4). */
export const REVIEW_STATUS = { draft: 0, submitted: 1 } as const;
export const DEFAULT_COMMENT_TYPE = 'invest_comment';
