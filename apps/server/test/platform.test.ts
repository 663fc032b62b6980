import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('health', () => {
  it('reports the database as reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
    expect(['pglite', 'postgres']).toContain(res.json().database.kind);
  });
});

describe('error shapes', () => {
  it('unknown API paths answer the JSON 404', async () => {
    for (const url of ['/api/nope', '/api/internal/v9/things', '/static_api/v1/unknown', '/ai-api/v1/x']) {
      expect(expectErrorShape(await t.app.inject({ method: 'GET', url }), 404, 'NOT_FOUND').message).toBe(
        'Not Found',
      );
    }
    expectErrorShape(await t.app.inject({ method: 'DELETE', url: '/dashboard' }), 404, 'NOT_FOUND');
  });

  it('malformed JSON is a 400 in the same shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/v1/auth/employees',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectErrorShape(res, 400);
  });
});

describe('500 handling', () => {
  it('hides the message of an unexpected error', async () => {
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp(t.config, { database: t.database, logger: false });
    app.get('/api/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@host');
    });
    app.get('/api/app-error', async () => {
      throw new AppError('DATABASE_UNAVAILABLE', { message: 'pool exhausted at 10.0.0.3' });
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    const error = expectErrorShape(res, 500, 'INTERNAL');
    expect(error.message).toBe('Internal Server Error');
    expect(res.body).not.toContain('postgres://');
    const res2 = await app.inject({ method: 'GET', url: '/api/app-error' });
    expect(res2.statusCode).toBe(503);
    expect(res2.body).toContain('pool exhausted');
    await app.close();
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the route schemas and the docs page', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/internal/v1/auth/employees',
        '/api/v1/auth/me',
        '/api/internal/v1/employees/{id}',
      ]),
    );
    expect(doc.paths['/api/internal/v1/auth/employees'].post.requestBody).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('configuration', () => {
  it('stops with a message naming the invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ DOMAIN_REDIRECT: 'true' })).toThrow(/DASHBOARD_HOST/);
  });

  it('generates the token secret once under DATA_DIR and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dealflow-config-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(true);
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('seeds demo data by default on the embedded database only', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://h/db' }).seedDemo).toBe(false);
    expect(
      loadConfig({ DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://h/db', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/x', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('web app', () => {
  it('serves index.html for app routes and 404 for a missing hashed asset', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const dist = mkdtempSync(path.join(tmpdir(), 'dealflow-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Dealflow</title>');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const { brotliCompressSync } = await import('node:zlib');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    const web = await buildTestApp({ WEB_DIST: dist });
    const page = await web.app.inject({ method: 'GET', url: '/dashboard/manager/3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Dealflow</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const compressed = await web.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect((await web.app.inject({ method: 'GET', url: '/assets/app-old999.js' })).statusCode).toBe(404);
    const root = await web.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['cache-control']).toBe('no-cache');
    // The assets' wildcard never catches an API path the router refused.
    expectErrorShape(await web.app.inject({ method: 'GET', url: '/api/unknown' }), 404, 'NOT_FOUND');
    expectErrorShape(
      await web.app.inject({ method: 'GET', url: `/api/internal/v1/cases/${'1'.repeat(200)}` }),
      414,
      'BAD_REQUEST',
    );
  });
});

describe('automatic domain redirect', () => {
  it('sends dashboard pages to the dashboard host and investor pages to the investor host', async () => {
    const app = (
      await buildTestApp({
        DOMAIN_REDIRECT: 'true',
        DASHBOARD_HOST: 'dash.example.com',
        INVESTOR_HOST: 'invest.example.com',
      })
    ).app;
    const toDashboard = await app.inject({
      method: 'GET',
      url: '/dashboard/report?type=case',
      headers: { host: 'invest.example.com' },
    });
    expect(toDashboard.statusCode).toBe(302);
    expect(toDashboard.headers.location).toBe('http://dash.example.com/dashboard/report?type=case');
    const toInvestor = await app.inject({
      method: 'GET',
      url: '/investor/cases/s1',
      headers: { host: 'dash.example.com' },
    });
    expect(toInvestor.headers.location).toBe('http://invest.example.com/investor/cases/s1');
    const stays = await app.inject({
      method: 'GET',
      url: '/dashboard/report',
      headers: { host: 'dash.example.com' },
    });
    expect(stays.statusCode).not.toBe(302);
    // The API is never redirected.
    const api = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'invest.example.com' },
    });
    expect(api.statusCode).toBe(200);
  });

  it('tells the web app, before sign-in, whether the redirect is on and its hosts', async () => {
    const on = await buildTestApp({
      DOMAIN_REDIRECT: 'true',
      DASHBOARD_HOST: 'dash.example.com',
      INVESTOR_HOST: 'invest.example.com',
    });
    const res = await on.app.inject({ method: 'GET', url: '/static_api/v1/platform' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        domain_redirect: {
          enabled: true,
          dashboard_host: 'dash.example.com',
          investor_host: 'invest.example.com',
        },
        tag_manager_id: null,
        report_time_zone: 'Asia/Taipei',
      },
    });
    const off = await t.app.inject({ method: 'GET', url: '/static_api/v1/platform' });
    expect(off.json().data.domain_redirect).toEqual({
      enabled: false,
      dashboard_host: null,
      investor_host: null,
    });
  });
});
