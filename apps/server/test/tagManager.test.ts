import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

let without: TestApp;
let withGtm: TestApp;
beforeAll(async () => {
  [without, withGtm] = await Promise.all([buildTestApp(), buildTestApp({ GTM_ID: 'GTM-ABC1234' })]);
});

const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy']);
/** The CSP of a page (API replies carry their own, which loads nothing). */
const pageCsp = async (t: TestApp) =>
  csp((await t.app.inject({ method: 'GET', url: '/dashboard/login' })).headers);

describe('Tag manager (GTM_ID)', () => {
  it('without GTM_ID: no container for the web app, and the CSP names no third party', async () => {
    const res = await without.app.inject({ method: 'GET', url: '/static_api/v1/platform' });
    expect(res.json().data.tag_manager_id).toBeNull();
    const policy = await pageCsp(without);
    expect(policy).not.toContain('googletagmanager');
    expect(policy).toMatch(/script-src 'self';/);
  });

  it('with GTM_ID: the web app learns the container and the CSP allows its script, nothing inline', async () => {
    const res = await withGtm.app.inject({ method: 'GET', url: '/static_api/v1/platform' });
    expect(res.json().data.tag_manager_id).toBe('GTM-ABC1234');
    const policy = await pageCsp(withGtm);
    expect(policy).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(policy).toContain("connect-src 'self' https://www.googletagmanager.com");
    expect(policy).not.toContain("unsafe-inline' https://www.googletagmanager.com");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('refuses a GTM_ID that is not a container id', () => {
    expect(() => loadConfig({ GTM_ID: "GTM-1'; alert(1)" })).toThrow(/GTM_ID/);
  });
});
