import { randomUUID } from 'node:crypto';
import { API_ROUTES, callName } from '@mentora/contract/api';
import { validate } from '@readme/openapi-parser';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import serverPackage from '../../package.json' with { type: 'json' };
import { makeAdmin } from '../../test/factories/index.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { listApiRoutes } from '../../test/routes.js';

interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, unknown>>;
}

let t: TestServer;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await startTestServer();
  const res = await t.http.get('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  document = res.body as OpenApiDocument;
});
afterAll(() => t.close());

/** "GET /api/classes/:id" for every operation of the document. */
function documentedCalls(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}

describe('GET /api/openapi.json', () => {
  it('documents every API route the server mounts, and only those', () => {
    const mounted = listApiRoutes(t.server.listeners('request')[0] as Express);
    const documented = documentedCalls(document);
    expect(mounted.length).toBeGreaterThan(40);
    expect(
      mounted.filter((call) => !documented.includes(call)),
      'mounted routes missing from packages/contract/src/api.ts',
    ).toEqual([]);
    expect(
      documented.filter((call) => !mounted.includes(call)),
      'documented routes the server does not mount',
    ).toEqual([]);
    expect(API_ROUTES.map(callName).sort()).toEqual(documented);
  });

  it('is a valid OpenAPI 3.1 document carrying the server version', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(serverPackage.version);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    // The validator does look: a dangling $ref and an operation without answers are refused.
    const spoiled = structuredClone(document);
    const profile = spoiled.paths['/api/auth/profile'] as Record<string, Record<string, unknown>>;
    (profile.get as { responses: unknown }).responses = {
      200: { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } },
    };
    expect((await validate(spoiled as never)).valid).toBe(false);
  });

  it('describes requests and answers from the contract: fields, limits, enums, refs', () => {
    const doc = document as unknown as {
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string }[] }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };
    const register = doc.components.schemas.RegisterRequest;
    expect(register?.required).toEqual(['name', 'email', 'password']);
    expect(register?.properties?.password).toMatchObject({ type: 'string', minLength: 8 });
    expect(doc.components.schemas.Error?.required).toEqual(['message', 'requestId']);
    expect(doc.paths['/api/classes']?.get?.parameters?.map((p) => p.name)).toEqual([
      'limit',
      'cursor',
      'search',
      'category',
      'filter',
    ]);
    expect(doc.paths['/api/classes/{id}']?.put?.requestBody).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/UpdateClassRequest' } } },
    });
  });
});

describe('every documented route answers', () => {
  it('with anything but the 404 of an unknown endpoint, to a signed-in admin', async () => {
    const unanswered: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        // A fresh admin each time: some calls end the session they are made with.
        const admin = await makeAdmin(t);
        const url = `${t.baseUrl}${path.replace(/\{\w+\}/g, () => randomUUID())}`;
        const res = await fetch(url, {
          method: method.toUpperCase(),
          headers: { ...admin.auth, 'Content-Type': 'application/json' },
          body: method === 'get' ? undefined : '{}',
        });
        const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await res.text();
        await res.body?.cancel().catch(() => {});
        if (res.status === 404 && text.includes('No such API endpoint')) unanswered.push(`${method} ${path}`);
      }
    }
    expect(unanswered).toEqual([]);
  }, 60_000);
});

describe('GET /api/docs', () => {
  it('is a page whose scripts and styles all come from this origin, each served', async () => {
    const res = await t.http.get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    const html = res.text;
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    const sources = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    // No inline script (the CSP would block it): each has a src.
    for (const tag of scripts) expect(tag).toMatch(/\bsrc="/);
    expect(html).not.toMatch(/<style\b/);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source, 'served from our own origin').toMatch(/^\/api\/docs\/assets\/[\w.-]+$/);
      const asset = await t.http.get(source);
      expect(asset.status, source).toBe(200);
      expect(asset.headers['content-type'], source).toMatch(/^(text\/css|text\/javascript|image\/png)/);
    }
    const init = await t.http.get('/api/docs/assets/init.js');
    expect(init.text).toContain("url: '/api/openapi.json'");
  });

  it('serves only the files the page needs from the renderer package', async () => {
    for (const other of ['index.html', 'package.json', 'swagger-initializer.js', '..%2Fpackage.json', 'nope.js']) {
      const res = await t.http.get(`/api/docs/assets/${other}`);
      expect(res.status, other).toBe(404);
      expect(res.body.message).toBe('No such API endpoint');
    }
  });
});
