import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  DASHBOARD_HEADER_HEIGHT,
  DASHBOARD_MENU_WIDTH,
  DEFAULT_COMMENT_TYPE,
  FETCH_MIN_DELAY_MS,
  LIST_DEFAULTS,
  LOADING_BAR,
  LOG_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MOBILE_MENU_BREAKPOINT,
  PREFETCH_IDLE_TIMEOUT_MS,
  REVIEW_STATUS,
  THEME_PRIMARY,
  TUTORIAL_HIGHLIGHT_MS,
} from './constants.ts';

describe('business constants (SPEC section 9)', () => {
  it('has the list defaults', () => {
    expect(LIST_DEFAULTS.clients).toEqual({ page: 1, size: 10, sort: 'invest_money:desc' });
    expect(LIST_DEFAULTS.cases).toEqual({ page: 1, size: 20, sort: 'created_at:desc' });
    expect(LIST_DEFAULTS.interests).toEqual({ page: 1, size: 10 });
    expect(LIST_DEFAULTS.activity).toEqual({ page: 1, size: 10 });
  });

  it('keeps every default page size within the maximum', () => {
    for (const d of Object.values(LIST_DEFAULTS)) expect(d.size).toBeLessThanOrEqual(MAX_PAGE_SIZE);
  });

  it('has the log page size, review statuses and comment type', () => {
    expect(LOG_PAGE_SIZE).toBe(20);
    expect(REVIEW_STATUS).toEqual({ draft: 0, submitted: 1 });
    expect(DEFAULT_COMMENT_TYPE).toBe('invest_comment');
  });

  it('has the timing constants', () => {
    expect(LOADING_BAR).toEqual({ throttle: 200, duration: 5000, hideAfter: 500, max: 100 });
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
    expect(FETCH_MIN_DELAY_MS).toBe(200);
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(TUTORIAL_HIGHLIGHT_MS).toBe(3000);
  });

  it('has the layout and theme constants', () => {
    expect(MOBILE_MENU_BREAKPOINT).toBe(992);
    expect(DASHBOARD_HEADER_HEIGHT).toBe(80);
    expect(DASHBOARD_MENU_WIDTH).toBe(300);
    expect(THEME_PRIMARY).toBe('#b88f48');
  });
});
