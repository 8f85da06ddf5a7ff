import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from '@oncall/testing';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

/** Beside the server's node_modules, so the program finds `openapi-fetch` as any client would. */
const WORK_DIR = join(dirname(fileURLToPath(import.meta.url)), '../node_modules/.cache/openapi-client-test');

/**
 * A client program written against the generated types only: login, list rules, read one that
 * does not exist. The `@ts-expect-error` lines fail the compile if the types let anything through.
 */
const CLIENT_PROGRAM = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api-types';

type AlertRule = components['schemas']['AlertRule'];
type ErrorBody = components['schemas']['ErrorBody'];

export async function loginAndListRules(baseUrl: string, username: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/api/v1/auth/login', { body: { username, password } });
  if (!login.data) throw new Error(\`login failed: \${login.error?.message}\`);
  const accessToken: string = login.data.accessToken;
  const headers = { authorization: \`Bearer \${accessToken}\` };
  const list = await client.GET('/api/v1/alert-rule', { headers, params: { query: { page: 1, perPage: 5 } } });
  const rules: AlertRule[] = list.data?.data ?? [];
  const missing = await client.GET('/api/v1/alert-rule/{id}', {
    headers,
    params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
  });
  const notFound: ErrorBody | undefined = missing.error;
  const anonymous = await client.GET('/api/v1/alert-rule', {});
  // Compiled, never sent: calls the types refuse.
  const refused = () => {
    // @ts-expect-error: no such route in the document
    client.GET('/api/v1/no-such-route');
    // @ts-expect-error: the user name is a string
    client.POST('/api/v1/auth/login', { body: { username: 42, password } });
  };
  void refused;
  return {
    names: rules.map((rule) => rule.name),
    total: list.data?.total,
    missing: { status: missing.response.status, code: notFound?.code },
    anonymous: { status: anonymous.response.status, code: anonymous.error?.code },
  };
}
`;

describe('a client generated from the OpenAPI document', () => {
  let h: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    h = await createTestApp();
    await seedRule(h.t, { name: 'generated-client-rule' });
    baseUrl = await h.app.listen({ host: '127.0.0.1', port: 0 });
    await rm(WORK_DIR, { recursive: true, force: true });
    await mkdir(WORK_DIR, { recursive: true });
  });
  afterAll(async () => {
    await h.dispose();
    await rm(WORK_DIR, { recursive: true, force: true });
  });

  it('compiles against the generated types and works against the running server', async () => {
    const document = (await h.call('GET', '/api/v1/openapi.json')).json();
    const types = astToString(await openapiTS(document));
    expect(types).toContain('"/api/v1/alert-rule/{id}"');
    await writeFile(join(WORK_DIR, 'api-types.ts'), types);
    const programFile = join(WORK_DIR, 'client.ts');
    await writeFile(programFile, CLIENT_PROGRAM);

    const program = ts.createProgram([programFile], {
      target: ts.ScriptTarget.ES2023,
      lib: ['lib.es2023.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.start ?? ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(diagnostics).toEqual([]);

    const { loginAndListRules } = (await import(/* @vite-ignore */ programFile)) as {
      loginAndListRules: (baseUrl: string, username: string, password: string) => Promise<unknown>;
    };
    const outcome = await loginAndListRules(baseUrl, ADMIN.username, ADMIN.password);
    expect(outcome).toEqual({
      names: ['generated-client-rule'],
      total: 1,
      missing: { status: 404, code: 'not_found' },
      anonymous: { status: 401, code: 'unauthenticated' },
    });
  }, 60_000);
});
