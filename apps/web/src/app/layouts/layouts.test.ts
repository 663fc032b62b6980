import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { menuFor, selectedMenuKey } from './dashboardMenu.tsx';
import { isExpired } from './InvestorLayout.tsx';

describe('dashboard menu', () => {
  it('shows admin every entry', () => {
    expect(menuFor('admin').map((e) => e.key)).toContain('auth');
  });

  it('hides what the guard table refuses', () => {
    const ao = menuFor('ao').map((e) => e.key);
    expect(ao).not.toContain('auth');
    expect(ao).not.toContain('investors');
    expect(ao).not.toContain('groups');
    expect(ao).toContain('cases');
    const ir = menuFor('ir').map((e) => e.key);
    expect(ir).not.toContain('cases');
    expect(ir).toContain('contact');
    const sa = menuFor('sa').map((e) => e.key);
    expect(sa).not.toContain('contact');
    expect(sa).toContain('investors');
  });

  it('shows the business-card book to every staff role', () => {
    for (const role of ['admin', 'ao', 'ir', 'sa'] as const) {
      expect(menuFor(role).map((e) => e.key)).toContain('cards');
    }
    expect(selectedMenuKey('/dashboard/cards', '?card=4')).toBe('cards');
  });

  it('shows each role only the report it reads (admin both)', () => {
    const reports = (role: 'admin' | 'ao' | 'ir' | 'sa') =>
      menuFor(role)
        .map((e) => e.key)
        .filter((k) => k.startsWith('report'));
    expect(reports('admin')).toEqual(['report-case', 'report-investor']);
    expect(reports('ao')).toEqual(['report-case']);
    expect(reports('ir')).toEqual(['report-investor']);
    expect(reports('sa')).toEqual(['report-investor']);
  });

  it('highlights the current page', () => {
    expect(selectedMenuKey('/dashboard/report', '?type=investor')).toBe('report-investor');
    expect(selectedMenuKey('/dashboard/group/4', '')).toBe('groups');
    expect(selectedMenuKey('/dashboard/contact/replied', '')).toBe('contact');
    expect(selectedMenuKey('/dashboard', '?status=all')).toBe('cases');
  });
});

describe('investor expiry', () => {
  const now = dayjs('2026-06-01T12:00:00Z');
  it('is expired only once expiry_at is in the past', () => {
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired('2026-06-02T00:00:00Z', now)).toBe(false);
    expect(isExpired('2026-05-31T00:00:00Z', now)).toBe(true);
    expect(isExpired('not a date', now)).toBe(false);
  });
});
