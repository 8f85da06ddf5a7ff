import { ADMIN_PASSWORD } from './test-server';

/** Test data through the server's REST face, as any other client would make it. */
export class RestSeed {
  private token: string | undefined;

  constructor(readonly url: string) {}

  async call<T = unknown>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const bearer = token ?? (await this.adminToken());
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  async adminToken(): Promise<string> {
    if (this.token) return this.token;
    const response = await fetch(`${this.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    const { accessToken } = (await response.json()) as { accessToken: string };
    this.token = accessToken;
    return accessToken;
  }

  async apiRule(name: string, tags: string[] = []): Promise<{ id: string; apiToken: string }> {
    return this.call('POST', '/api/v1/alert-rule', { type: 'api', name, tags });
  }

  async fire(
    rule: { apiToken: string },
    alertname: string,
    instance: string,
    description = '',
  ): Promise<void> {
    await this.call('POST', '/api/v1/fire-alert', { alertname, instance, description }, rule.apiToken);
  }

  async resolve(rule: { apiToken: string }, alertname: string, instance: string): Promise<void> {
    await this.call('POST', '/api/v1/resolve-alert', { alertname, instance }, rule.apiToken);
  }
}
