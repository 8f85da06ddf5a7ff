import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env';

/** REST calls as the system admin, for what a test sets up around the screen it drives. */
export async function adminApi(request: APIRequestContext, baseUrl: string) {
  const login = await request.post(`${baseUrl}/api/v1/auth/login`, { data: E2E_ADMIN });
  expect(login.ok()).toBe(true);
  const { accessToken } = await login.json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) => {
    const answer = await request.fetch(`${baseUrl}/api/v1/${path}`, { method, headers, data });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
    return answer.json();
  };
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, data?: unknown) => send('POST', path, data ?? {}),
    put: (path: string, data: unknown) => send('PUT', path, data),
    delete: (path: string) => send('DELETE', path),
  };
}
