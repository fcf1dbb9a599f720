/** The fixture site compiled in memory, and msw handlers that serve it like the static host does. */
import path from 'node:path';
import { http, HttpResponse } from 'msw';
import { compileContent, type CompileResult } from '../../manifest/compile.ts';

export const FIXTURE_SITE = path.resolve(import.meta.dirname, '../fixtures/site');

let compiled: Promise<CompileResult> | null = null;
/** Compiles tests/fixtures/site once per test file. */
export function fixtureSite(): Promise<CompileResult> {
  compiled ??= compileContent({ contentDir: FIXTURE_SITE });
  return compiled;
}

/** Serves every compiled file at its URL; anything else is a 404. */
export async function siteHandlers() {
  const site = await fixtureSite();
  return [
    http.get(/.*/, ({ request }) => {
      const p = new URL(request.url).pathname.slice(1);
      const body = site.files.get(p);
      if (body === undefined) return new HttpResponse('Not found', { status: 404 });
      return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
    }),
  ];
}
